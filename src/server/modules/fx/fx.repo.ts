import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import { JOB_LOCKS } from '#server/db/lock-keys.ts'
import type { CurrencyCode } from '#shared/money.ts'

/** The newest stored value in pounds of each currency, with when it was fetched. */
export async function latestGbpValues(
  db: Database,
): Promise<{ values: Partial<Record<CurrencyCode, string>>; fetchedAt: string | null }> {
  const rows = await queryRows<{ currency: CurrencyCode; rateToGbp: string; fetchedAt: string }>(
    db,
    sql`select distinct on (currency) currency, rate_to_gbp::text as "rateToGbp",
        ${isoTimestamp(sql`fetched_at`)} as "fetchedAt"
      from fx_rates order by currency, date desc`,
  )
  const values = Object.fromEntries(rows.map((row) => [row.currency, row.rateToGbp]))
  const fetchedAt = rows.map((row) => row.fetchedAt).sort()[0] ?? null
  return { values, fetchedAt }
}

export async function storeGbpValues(db: Database, date: string, values: Record<CurrencyCode, string>) {
  const entries = Object.entries(values)
  await db.execute(
    sql`insert into fx_rates (date, currency, rate_to_gbp, fetched_at)
      select ${date}::date, u.currency, u.rate, now()
      from unnest(${sql.param(entries.map(([code]) => code))}::text[], ${sql.param(entries.map(([, rate]) => rate))}::numeric[])
        as u(currency, rate)
      on conflict (date, currency) do update set rate_to_gbp = excluded.rate_to_gbp, fetched_at = excluded.fetched_at`,
  )
}

/** When rates were last fetched, if ever. */
export async function lastFetchedAt(db: Database): Promise<Date | undefined> {
  const rows = await queryRows<{ at: string | null }>(
    db,
    sql`select max(fetched_at)::text as at from fx_rates`,
  )
  return rows[0]?.at ? new Date(rows[0].at) : undefined
}

/** Value of one unit of `currency` in pounds on `day`: the newest stored rate on or before it. */
export async function gbpValueOn(db: Database, currency: string, day: string): Promise<string | undefined> {
  const rows = await queryRows<{ rate: string }>(
    db,
    sql`select rate_to_gbp::text as rate from fx_rates where currency = ${currency} and date <= ${day}
      order by date desc limit 1`,
  )
  return rows[0]?.rate
}

/** An arbitrary constant: with several app instances only one refreshes at a time. */
const FX_REFRESH_LOCK = JOB_LOCKS.fxRefresh

/** Takes the rates-refresh lock until the transaction ends; false when another instance holds it. */
export async function tryRefreshLock(db: Database): Promise<boolean> {
  const [lock] = await queryRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(${FX_REFRESH_LOCK}) as locked`,
  )
  return lock?.locked === true
}
