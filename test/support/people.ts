import type { App } from '#server/app.ts'
import type { Database } from '#server/db/client.ts'
import { updateUserByEmail } from '#server/modules/admin/admin.repo.ts'
import { signUp, uniqueEmail } from './session.ts'

export type Role = 'user' | 'trusted' | 'admin'

/**
 * Signs up one account per name and returns each one's session cookie. A name that is a role other than
 * 'user' ('trusted', 'admin') gets that role; any other name is a plain member.
 */
export async function signUpPeople<Name extends string>(
  app: App,
  db: Database,
  names: readonly Name[],
): Promise<Record<Name, string>> {
  const cookies = {} as Record<Name, string>
  for (const name of names) {
    const email = uniqueEmail(name)
    cookies[name] = (await signUp(app, { email })).cookie
    if (name === 'trusted') await updateUserByEmail(db, email, { isTrusted: true })
    if (name === 'admin') await updateUserByEmail(db, email, { role: 'admin' })
  }
  return cookies
}
