import { sql } from 'drizzle-orm'
import type { User } from '../../../shared/contract/auth.ts'
import type { UpdateProfileBody, UserStats } from '../../../shared/contract/me.ts'
import { type Database, queryRows } from '../../db/client.ts'
import { userColumns } from '../auth/auth.repo.ts'

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

/** Counts and the collection's value (fair price of each entry's condition grade × quantity, GBP). */
export async function userStats(db: Database, userId: string): Promise<UserStats> {
  const rows = await queryRows<UserStats>(
    db,
    sql`select
        (select coalesce(sum(quantity), 0)::int from collections where user_id = ${userId}) as "collectionCount",
        (select count(*)::int from alerts where user_id = ${userId} and active) as "alertsCount",
        (select coalesce(sum(ps.fair_price_gbp * c.quantity), 0)::numeric(14, 2)::text
          from collections c
          join conditions cd on cd.id = c.condition_id
          left join price_snapshots ps on ps.item_id = c.item_id and ps.grade = cd.grade
          where c.user_id = ${userId}) as "totalValue"`,
  )
  return rows[0] ?? { collectionCount: 0, alertsCount: 0, totalValue: '0.00' }
}
