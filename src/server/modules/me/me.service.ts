import type { Database } from '#server/db/client.ts'
import type { UserStats } from '#shared/contract/me.ts'
import { type Owner, profileFigures } from '../collections/collections.service.ts'

/**
 * The profile's figures: counts, and the collection's value from the same valuation as its screen (with
 * the part of it that is a retail estimate, when the user chose that).
 */
export async function userStats({ db, user }: { db: Database; user: Owner }): Promise<UserStats> {
  const { summary, alertsCount } = await profileFigures({ db, owner: user })
  return {
    collectionCount: summary.totalItems,
    alertsCount,
    totalValue: summary.totalValue,
    estimatedEntries: summary.estimatedEntries,
    estimatedValue: summary.estimatedValue,
  }
}
