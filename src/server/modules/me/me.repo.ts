import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import type { User } from '#shared/contract/auth.ts'
import type { UpdateProfileBody, UserStats } from '#shared/contract/me.ts'
import { userColumns } from '../auth/auth.repo.ts'
import { collectionSummary } from '../collections/collections.repo.ts'

const profileColumns = {
  firstName: sql`first_name`,
  lastName: sql`last_name`,
  profileType: sql`profile_type`,
  onboardingCompleted: sql`onboarding_completed`,
  currencyPreference: sql`currency_preference`,
} as const

export async function updateProfile(
  db: Database,
  userId: string,
  changes: { [K in keyof UpdateProfileBody]?: UpdateProfileBody[K] | null },
): Promise<User | undefined> {
  const assignments = (Object.keys(profileColumns) as Array<keyof typeof profileColumns>)
    .filter((key) => changes[key] !== undefined)
    .map((key) => sql`${profileColumns[key]} = ${changes[key]}`)
  const rows = await queryRows<User>(
    db,
    sql`update users u set ${sql.join([...assignments, sql`updated_at = now()`], sql`, `)}
      where u.id = ${userId} returning ${userColumns}`,
  )
  return rows[0]
}

/** Counts and the collection's value, from the same valuation as the collection screen. */
export async function userStats(db: Database, userId: string, today: string): Promise<UserStats> {
  const [summary, alerts] = await Promise.all([
    collectionSummary(db, userId, today, { lean: true }),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from alerts where user_id = ${userId} and active`,
    ),
  ])
  return {
    collectionCount: summary.totalItems,
    alertsCount: alerts[0]?.n ?? 0,
    totalValue: summary.totalValue,
  }
}
