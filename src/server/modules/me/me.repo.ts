import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { builtPerShape } from '#server/db/statement.ts'
import type { CollectionSummary } from '#shared/contract/collections.ts'
import {
  collectionSummaryJson,
  type Valuation,
  type ValuationValues,
  valuationValues,
} from '../collections/collections.repo.ts'

/**
 * The profile's figures in one statement, built once per shape (ADR 027): the collection's summary without its
 * themes, and the user's active alerts. One round trip rather than two: each statement costs the server and
 * PostgreSQL about as much to send and answer as these two cost to compute. The alerts are counted by a function
 * (migration 0032), so that PostgreSQL keeps the statement's plan rather than plan it at every run (ADR 031).
 */
const figuresStatement = builtPerShape<{ estimating: boolean }, { userId: string } & ValuationValues>(
  ({ estimating }, p) =>
    sql`select ${collectionSummaryJson(p.userId, p, { estimating, lean: true })} as summary,
      active_alert_count(${p.userId}) as "alertsCount"`,
)

export async function profileFigures(
  db: Database,
  userId: string,
  valuation: Valuation,
): Promise<{ summary: CollectionSummary; alertsCount: number }> {
  const [row] = await queryRows<{ summary: CollectionSummary; alertsCount: number }>(
    db,
    figuresStatement(
      { estimating: valuation.retailEstimate !== null },
      { userId, ...valuationValues(valuation) },
    ),
  )
  return row as { summary: CollectionSummary; alertsCount: number }
}
