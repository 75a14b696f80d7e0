import { sql } from 'drizzle-orm'
import type { Database } from './client.ts'
import { itemGradeRows } from './unnest.ts'

/**
 * Every PostgreSQL advisory lock the app takes, in one place so that no two share a key.
 * One-key (bigint) locks: one holder at a time of a whole job.
 */
export const JOB_LOCKS = {
  migrations: 727_001,
  fxRefresh: 727_002,
  accountCreation: 727_003,
  alertDigest: 727_004,
  marketFeeds: 727_005,
  uploadCleanup: 727_006,
} as const

/**
 * Two-key (int, int) locks of one item and grade: (item id, the kind's number for the grade). A space apart
 * from the one-key locks, so no item id can collide with a job's key.
 */
export const ITEM_GRADE_LOCKS = {
  /** Recomputing its prices. */
  prices: { new: 1, used: 2 },
  /** Evaluating its alerts. */
  alerts: { new: 3, used: 4 },
} as const

/**
 * Takes one kind's lock of each item and grade until the transaction ends, in item and grade order whoever the
 * caller: two transactions that take several of a kind wait for each other rather than deadlock.
 */
export async function lockItemGrades(
  db: Pick<Database, 'execute'>,
  kind: keyof typeof ITEM_GRADE_LOCKS,
  pairs: readonly { itemId: number; grade: 'new' | 'used' }[],
): Promise<void> {
  const keys = ITEM_GRADE_LOCKS[kind]
  await db.execute(sql`select count(pg_advisory_xact_lock(o.item_id,
      case o.grade when 'new' then ${keys.new}::int else ${keys.used}::int end))
    from (select p.item_id, p.grade from ${itemGradeRows(pairs)} order by p.item_id, p.grade) o`)
}
