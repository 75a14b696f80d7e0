import type { Database } from '#server/db/client.ts'
import type { UserStats } from '#shared/contract/me.ts'
import { collectionTotals } from '../collections/collections.service.ts'
import { countActiveAlerts } from './me.repo.ts'

/** The profile's figures: counts, and the collection's value from the same valuation as its screen. */
export async function userStats({ db, userId }: { db: Database; userId: string }): Promise<UserStats> {
  const [summary, alertsCount] = await Promise.all([
    collectionTotals({ db, userId, lean: true }),
    countActiveAlerts(db, userId),
  ])
  return { collectionCount: summary.totalItems, alertsCount, totalValue: summary.totalValue }
}
