import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Database } from '#server/db/client.ts'
import { sharedSecret } from '#server/db/shared-secret.ts'

/**
 * "This browser has signed in to this account before" (OWASP's device cookies): after a sign-in the browser
 * gets a cookie holding an HMAC of the e-mail, and its later attempts for that e-mail count apart from those
 * of its address. So wrong passwords sent from the same address as the owner (an office, a shared network)
 * do not lock the owner out either. The key is made once, by the first instance to start, and kept in the
 * database: every instance recognises the cookie, and so does a restarted one.
 */
export class KnownDevices {
  private constructor(private readonly key: Buffer) {}

  static async load(db: Database): Promise<KnownDevices> {
    const key = await sharedSecret(db, 'known_devices', () => randomBytes(32).toString('base64'))
    return new KnownDevices(Buffer.from(key, 'base64'))
  }

  tokenFor(email: string): string {
    return createHmac('sha256', this.key).update(email).digest('base64url')
  }

  recognises(token: string | undefined, email: string): boolean {
    if (!token) return false
    const expected = Buffer.from(this.tokenFor(email))
    const given = Buffer.from(token)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
}
