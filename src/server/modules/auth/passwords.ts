import { hash, verify } from '@node-rs/argon2'

/** argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** Checked when no account matches, so a wrong e-mail takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hash('not a password anyone has')
  return decoyHash
}
