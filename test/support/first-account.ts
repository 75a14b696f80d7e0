import type { Database } from '#server/db/client.ts'
import { insertPasswordUser, lockAccountCreation } from '#server/modules/auth/auth.repo.ts'
import { hashPassword } from '#server/modules/auth/passwords.ts'

/**
 * The account every test database starts with. The first account of an install becomes its admin
 * (DESIGN §4), so the template has one already: the people a test signs up are plain members unless it
 * says otherwise (people.ts), as on any install that has been running for a while.
 */
export const FIRST_ACCOUNT = { email: 'first-admin@example.com', password: 'correct horse battery' } as const

/** Creates the first account the way sign-up does (same lock, same insert): it comes out an admin. */
export async function seedFirstAccount(db: Database): Promise<void> {
  const passwordHash = await hashPassword(FIRST_ACCOUNT.password)
  const user = await db.transaction(async (tx) => {
    await lockAccountCreation(tx)
    return insertPasswordUser(tx, {
      email: FIRST_ACCOUNT.email,
      passwordHash,
      firstName: 'First',
      lastName: 'Admin',
    })
  })
  if (user?.role !== 'admin') throw new Error('The template database already had an account')
}
