import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

export async function countActiveAlerts(db: Database, userId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from alerts where user_id = ${userId} and active`,
  )
  return rows[0]?.n ?? 0
}
