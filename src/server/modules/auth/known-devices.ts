import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * "This browser has signed in to this account before" (OWASP's device cookies): after a sign-in the browser
 * gets a cookie holding an HMAC of the e-mail, and its later attempts for that e-mail count apart from those
 * of its address. So wrong passwords sent from the same address as the owner (an office, a shared network)
 * do not lock the owner out either. The key is made at start: after a restart, or on another instance, a
 * cookie is not recognised and attempts count per address, as without one.
 */
export class KnownDevices {
  private readonly key = randomBytes(32)

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
