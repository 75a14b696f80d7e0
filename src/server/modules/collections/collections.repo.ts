import { type SQL, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { retailPricesJson, themeDataJson, themeJoinsOn } from '#server/db/item-sql.ts'
import type {
  CollectionEntry,
  CollectionQuery,
  CollectionSummary,
  Portfolio,
} from '#shared/contract/collections.ts'
import type { RetailRegion } from '#shared/contract/values.ts'
import type { RatesPerUsd } from '#shared/money.ts'

/** How a user's collection is valued: on which day, and whether unpriced entries are valued at retail. */
export interface Valuation {
  today: string
  /**
   * The user values entries without a market price at retail (issue 12): the regions in the order the
   * screens pick a retail price for their display currency, and today's rates to bring it to pounds.
   */
  retailEstimate: { regionOrder: readonly RetailRegion[]; ratesPerUsd: RatesPerUsd } | null
}

/**
 * `est`: the retail price per item that an entry of item `i` is estimated at, when `when` holds — the
 * first region of `regionOrder` with a price, converted to pounds as the screens convert it
 * (`convertAmount`: amount × GBP rate ÷ its currency's rate per US dollar, 20 decimals, then pennies,
 * half up), else the retail price entered with the item (already pounds). Off, `est` is one empty row.
 */
function retailEstimateJoin(estimate: Valuation['retailEstimate'], when: SQL) {
  if (!estimate) {
    return sql`left join (select null::text as region, null::numeric as amount, null::text as currency,
      null::numeric as unit_gbp) est on false`
  }
  const codes = Object.keys(estimate.ratesPerUsd)
  const rates = Object.values(estimate.ratesPerUsd)
  return sql`left join lateral (select r.region, r.amount, r.currency, r.unit_gbp from (
      select rp.region, rp.amount, rp.currency::text as currency,
        round((rp.amount * ${estimate.ratesPerUsd.GBP}::numeric)::numeric(38, 20) / fx.per_usd, 2) as unit_gbp,
        array_position(${sql.param(estimate.regionOrder)}::text[], rp.region) as rank
      from retail_prices rp
      join unnest(${sql.param(codes)}::text[], ${sql.param(rates)}::numeric[]) as fx(code, per_usd)
        on fx.code = rp.currency
      where rp.item_id = c.item_id and ${when}
      union all
      select null, i.original_msrp, 'GBP', i.original_msrp, 99 from items i
      where i.id = c.item_id and i.original_msrp > 0 and ${when}
    ) r order by r.rank limit 1) est on true`
}

/**
 * Each of a user's entries with its valuation, in pounds and exact numeric arithmetic: cost = price paid ×
 * quantity (none when the price paid is not known), value = the fair price of the entry's condition grade
 * × quantity — or, without one and when the user chose it, the retail estimate × quantity (`estimated`) —
 * and the 24-hour change from the snapshot's previous day (a price recomputed before today has not moved
 * since; an estimate has no change).
 *
 * Read from the entries' own rows: the grade, the item's type and theme and the grade's fair price are copied
 * onto each entry by the database (migration 0019, ADR 021), so a 1,000-entry collection is valued without
 * 2,000 lookups of items and snapshots. `withItem` joins the item and condition for what only they hold (the
 * name and number a search or sort needs, the condition's score, the theme's id).
 */
const valuedEntries = (
  userId: string,
  { today, retailEstimate }: Valuation,
  { withItem = false } = {},
) => sql`
  select c.id, c.user_id, c.item_id, c.condition_id, c.quantity, c.price_paid, c.original_price, c.currency,
    c.purchase_date, c.documented_purchase, c.created_at, c.grade, c.item_type as type, c.item_theme as theme,
    ${withItem ? sql`i.number, i.name, i.theme_id, cd.score,` : sql``}
    c.fair_price_gbp, c.price_confidence as confidence, c.price_updated_at as snapshot_at,
    est.region as estimate_region, est.amount as estimate_amount, est.currency as estimate_currency,
    est.unit_gbp is not null as estimated,
    c.price_paid * c.quantity as cost,
    coalesce(c.fair_price_gbp, est.unit_gbp) * c.quantity as value,
    case when c.fair_price_gbp is null then null
      when c.price_updated_at < ${today}::date then 0
      when c.previous_fair_price_gbp is null then null
      else (c.fair_price_gbp - c.previous_fair_price_gbp) * c.quantity end as change
  from collections c
  ${withItem ? sql`join items i on i.id = c.item_id join conditions cd on cd.id = c.condition_id` : sql``}
  ${retailEstimateJoin(retailEstimate, sql`c.fair_price_gbp is null`)}
  where c.user_id = ${userId}`

/**
 * An amount in pounds as text with two decimals. Rounded, not cast to a sized numeric: sums over a
 * collection have no upper bound (10,000 × 99,999,999.99 is one entry), and an overflowing cast would
 * fail every read of the collection.
 */
const pounds = (amount: SQL) => sql`round(${amount}, 2)::text`

const percent = (part: SQL, whole: SQL) =>
  sql`case when ${whole} > 0 then round(${part} / ${whole} * 100, 2)::text else null end`

/** An entry `v` of `valuedEntries` as the API answers it, from `v ${entryJoins}`. */
const entryJson = sql`json_build_object(
  'id', v.id, 'userId', v.user_id, 'itemId', v.item_id,
  'item', json_build_object('id', i.id, 'type', i.type, 'number', i.number, 'name', i.name, 'slug', i.slug,
    'theme', i.theme, 'year', i.year, 'imageUrl', i.image_url, 'originalMsrp', i.original_msrp::text,
    'retailPrices', ${retailPricesJson(sql`i.id`)}, 'themeData', ${themeDataJson}),
  'condition', json_build_object('id', cd.id, 'label', cd.label, 'grade', cd.grade),
  'quantity', v.quantity, 'pricePaid', v.price_paid::text, 'originalPrice', v.original_price::text,
  'currency', v.currency, 'purchaseDate', v.purchase_date::text, 'documentedPurchase', v.documented_purchase,
  'createdAt', to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'priceSnapshot', case when v.snapshot_at is null then null else json_build_object('fairPriceGbp',
    v.fair_price_gbp::text, 'confidence', v.confidence,
    'updatedAt', to_char(v.snapshot_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end,
  'costBasis', ${pounds(sql`v.cost`)},
  'value', ${pounds(sql`v.value`)},
  'valueEstimated', v.estimated,
  'retailEstimate', case when v.estimated then json_build_object('region', v.estimate_region,
    'amount', v.estimate_amount::text, 'currency', v.estimate_currency) end,
  'pnl', ${pounds(sql`v.value - v.cost`)},
  'pnlPercent', ${percent(sql`(v.value - v.cost)`, sql`v.cost`)},
  'change24h', ${pounds(sql`v.change`)},
  'change24hPercent', ${percent(sql`v.change`, sql`(v.value - v.change)`)})`

/** The item and condition of the entries `v` (only of those on the page), for `entryJson`. */
const entryJoins = sql`join items i on i.id = v.item_id join conditions cd on cd.id = v.condition_id
  ${themeJoinsOn(sql`i.theme_id`)}`

const SORT_COLUMNS: Record<NonNullable<CollectionQuery['sort']>, SQL> = {
  added: sql`v.created_at`,
  name: sql`v.name`,
  condition: sql`v.score`,
  quantity: sql`v.quantity`,
  cost: sql`v.cost`,
  value: sql`v.value`,
  pnl: sql`(v.value - v.cost)`,
  change: sql`v.change`,
}

/** A search or a sort by name or condition needs what only the item and condition rows hold. */
const needsItem = (query: CollectionQuery) =>
  Boolean(query.query) || query.sort === 'name' || query.sort === 'condition'

function pageFilters(query: CollectionQuery): SQL[] {
  const filters: SQL[] = []
  if (query.filter === 'sets') filters.push(sql`v.type = 'set'`)
  if (query.filter === 'minifigs') filters.push(sql`v.type = 'minifig'`)
  if (query.filter === 'gainers') filters.push(sql`v.value > v.cost`)
  if (query.filter === 'decliners') filters.push(sql`v.value < v.cost`)
  if (query.query) {
    const pattern = `%${query.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    filters.push(sql`(v.name ilike ${pattern} or v.number ilike ${pattern} or v.theme ilike ${pattern})`)
  }
  return filters
}

/**
 * Totals over the valued entries `v`, and (unless lean) its three most valuable themes. An entry without a
 * value has no value, not a value of 0, and an entry without a known price paid has no cost, not a cost of
 * 0: the profit or loss is over the entries with both (against what they cost); what the unvalued ones cost,
 * what the ones of unknown cost are worth, and how much of the value is a retail estimate are said apart
 * (issue 12). Read through `row_to_json`: item counts are bigints (entries × up to 10,000 each), which JSON
 * keeps as numbers.
 */
const summaryColumns = (
  lean: boolean,
) => sql`count(*)::int as entries, coalesce(sum(quantity), 0) as "totalItems",
  coalesce(sum(quantity) filter (where type = 'set'), 0) as "setCount",
  coalesce(sum(quantity) filter (where type = 'minifig'), 0) as "minifigCount",
  ${pounds(sql`coalesce(sum(value), 0)`)} as "totalValue",
  ${pounds(sql`coalesce(sum(cost), 0)`)} as "costBasis",
  ${pounds(sql`coalesce(sum(cost) filter (where value is not null), 0)`)} as "pricedCost",
  ${pounds(sql`coalesce(sum(value - cost), 0)`)} as "unrealizedPnl",
  ${percent(sql`sum(value - cost)`, sql`sum(cost) filter (where value is not null)`)} as "unrealizedPnlPercent",
  ${pounds(sql`coalesce(sum(change), 0)`)} as "change24h",
  count(*) filter (where value is null)::int as "unpricedEntries",
  ${pounds(sql`coalesce(sum(cost) filter (where value is null), 0)`)} as "unpricedCost",
  count(*) filter (where cost is null)::int as "unknownCostEntries",
  ${pounds(sql`coalesce(sum(value) filter (where cost is null), 0)`)} as "unknownCostValue",
  count(*) filter (where estimated)::int as "estimatedEntries",
  ${pounds(sql`coalesce(sum(value) filter (where estimated), 0)`)} as "estimatedValue",
  ${
    lean
      ? sql`'[]'::json`
      : sql`coalesce((select json_agg(json_build_object('theme', x.theme, 'value', x.value, 'items', x.items)
          order by x.sort desc) from (
          select theme, ${pounds(sql`sum(coalesce(value, 0))`)} as value, sum(quantity) as items,
            sum(coalesce(value, 0)) as sort
          from v group by theme order by sort desc, theme limit 3) x), '[]')`
  } as "topThemes"`

/**
 * A page of entries, filtered and sorted, with the number that match and the summary of the whole
 * collection — in one statement that values the entries once, written as the API's JSON by PostgreSQL (the
 * route sends it as it is; the API tests check its keys against the contract).
 */
export async function findCollectionPageJson(
  db: Database,
  userId: string,
  query: CollectionQuery,
  valuation: Valuation,
): Promise<string> {
  const filters = pageFilters(query)
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``
  const direction = query.direction === 'asc' ? sql`asc` : sql`desc`
  const order = SORT_COLUMNS[query.sort ?? 'added']
  const [row] = await queryRows<{ body: string }>(
    db,
    sql`with v as materialized (${valuedEntries(userId, valuation, { withItem: needsItem(query) })}),
        matching as (select * from v ${where}),
        page as (select *, row_number() over (order by ${order} ${direction} nulls last, id desc) as position
          from matching v order by ${order} ${direction} nulls last, v.id desc
          limit ${query.limit} offset ${query.offset})
      select json_build_object(
        'entries', coalesce((select json_agg(${entryJson} order by v.position) from page v ${entryJoins}), '[]'),
        'total', (select count(*)::int from matching),
        'summary', (select row_to_json(totals) from (select ${summaryColumns(false)} from v) totals))::text as body`,
  )
  return (row as { body: string }).body
}

export async function findCollectionPage(
  db: Database,
  userId: string,
  query: CollectionQuery,
  valuation: Valuation,
): Promise<{ entries: CollectionEntry[]; total: number; summary: CollectionSummary }> {
  return JSON.parse(await findCollectionPageJson(db, userId, query, valuation))
}

/** Totals over the whole collection, and its three most valuable themes unless `lean`. */
export async function collectionSummary(
  db: Database,
  userId: string,
  valuation: Valuation,
  { lean = false }: { lean?: boolean } = {},
): Promise<CollectionSummary> {
  const [row] = await queryRows<{ summary: CollectionSummary }>(
    db,
    sql`with v as (${valuedEntries(userId, valuation)})
      select row_to_json(totals) as summary from (select ${summaryColumns(lean)} from v) totals`,
  )
  return (row as { summary: CollectionSummary }).summary
}

export async function findConditionByLabel(
  db: Database,
  itemId: number,
  label: string,
): Promise<{ itemExists: boolean; conditionId?: number }> {
  const rows = await queryRows<{ conditionId: number | null }>(
    db,
    sql`select c.id as "conditionId" from items i
      left join conditions c on c.category = i.type and lower(c.label) = lower(${label})
      where i.id = ${itemId}`,
  )
  const row = rows[0]
  if (!row) return { itemExists: false }
  return { itemExists: true, conditionId: row.conditionId ?? undefined }
}

export interface EntryFields {
  conditionId: number
  quantity: number
  /** In pounds; null when the price paid is not known (then the amount and currency as typed are too). */
  pricePaid: string | null
  originalPrice: string | null
  currency: string | null
  purchaseDate: string | null
  documentedPurchase: boolean
}

export async function insertEntry(
  db: Database,
  userId: string,
  itemId: number,
  fields: EntryFields,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into collections (user_id, item_id, condition_id, quantity, price_paid, original_price, currency,
        purchase_date, documented_purchase)
      values (${userId}, ${itemId}, ${fields.conditionId}, ${fields.quantity}, ${fields.pricePaid},
        ${fields.originalPrice}, ${fields.currency}, ${fields.purchaseDate}, ${fields.documentedPurchase})
      returning id`,
  )
  return (row as { id: number }).id
}

/** The entry if it is this user's; someone else's entry is as good as missing. */
export async function findOwnEntry(db: Database, userId: string, id: number) {
  const rows = await queryRows<EntryFields & { itemId: number }>(
    db,
    sql`select item_id as "itemId", condition_id as "conditionId", quantity, price_paid::text as "pricePaid",
        coalesce(original_price, price_paid)::text as "originalPrice",
        case when price_paid is not null then coalesce(currency, 'GBP') end as currency,
        purchase_date::text as "purchaseDate", documented_purchase as "documentedPurchase"
      from collections where id = ${id} and user_id = ${userId} for update`,
  )
  return rows[0]
}

export async function updateEntry(db: Database, id: number, fields: EntryFields) {
  await db.execute(
    sql`update collections set condition_id = ${fields.conditionId}, quantity = ${fields.quantity},
        price_paid = ${fields.pricePaid}, original_price = ${fields.originalPrice}, currency = ${fields.currency},
        purchase_date = ${fields.purchaseDate}, documented_purchase = ${fields.documentedPurchase}, updated_at = now()
      where id = ${id}`,
  )
}

export async function deleteOwnEntry(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from collections where id = ${id} and user_id = ${userId} returning id`,
  )
  return rows.length > 0
}

export async function findEntry(
  db: Database,
  userId: string,
  id: number,
  valuation: Valuation,
): Promise<CollectionEntry | undefined> {
  const rows = await queryRows<{ entry: CollectionEntry }>(
    db,
    sql`with v as (${valuedEntries(userId, valuation)}) select ${entryJson} as entry from v ${entryJoins} where v.id = ${id}`,
  )
  return rows[0]?.entry
}

/** Every entry, for the CSV export. */
export async function allEntries(
  db: Database,
  userId: string,
  valuation: Valuation,
): Promise<CollectionEntry[]> {
  const rows = await queryRows<{ entry: CollectionEntry }>(
    db,
    sql`with v as (${valuedEntries(userId, valuation)}) select ${entryJson} as entry from v ${entryJoins}
      order by v.created_at, v.id`,
  )
  return rows.map((row) => row.entry)
}

/**
 * Value and cost of the collection at the end of each day from `since` (weekly points), from the price
 * history: an entry counts from its purchase date (else when it was added) at the newest fair price of its
 * item and grade on or before the day — without one, at its retail estimate when the user chose it. An
 * entry with no value on a day adds neither value nor cost to it, and one of unknown cost adds no cost, as
 * in the summary: the last point is its totalValue and pricedCost.
 */
export async function portfolioTimeline(
  db: Database,
  userId: string,
  { since, stepDays, valuation }: { since: string; stepDays: number; valuation: Valuation },
) {
  const { today } = valuation
  return queryRows<Portfolio['timeline'][number]>(
    db,
    sql`with days as (
        select d::date as day from generate_series(${since}::date, ${today}::date, make_interval(days => ${stepDays})) d
        union select ${today}::date),
      entries as (
        select c.item_id, cd.grade, c.quantity, c.price_paid * c.quantity as cost, est.unit_gbp as estimate,
          coalesce(c.purchase_date, c.created_at::date) as since
        from collections c join conditions cd on cd.id = c.condition_id join items i on i.id = c.item_id
        ${retailEstimateJoin(valuation.retailEstimate, sql`true`)}
        where c.user_id = ${userId})
      select days.day::text as date,
        ${pounds(sql`coalesce(sum(e.quantity * coalesce(p.fair_price_gbp, e.estimate)), 0)`)} as value,
        ${pounds(sql`coalesce(sum(e.cost) filter (where coalesce(p.fair_price_gbp, e.estimate) is not null), 0)`)}
          as "costBasis"
      from days left join entries e on e.since <= days.day
      left join lateral (select h.fair_price_gbp from price_history h
          where h.item_id = e.item_id and h.grade = e.grade and h.day <= days.day
          order by h.day desc limit 1) p on true
      group by days.day order by days.day`,
  )
}

export async function allocation(db: Database, userId: string, valuation: Valuation) {
  const [row] = await queryRows<{
    byTheme: Portfolio['byTheme']
    byType: Portfolio['byType']
    roi: string | null
  }>(
    db,
    sql`with v as (${valuedEntries(userId, valuation, { withItem: true })})
      select
        coalesce((select json_agg(x order by x.sort desc) from (select coalesce(t.root_name, v.theme) as theme,
            ${pounds(sql`sum(coalesce(v.value, 0))`)} as value, ${pounds(sql`sum(v.cost)`)} as "costBasis",
            sum(coalesce(v.value, 0)) as sort
          from v left join themes t on t.id = v.theme_id group by 1) x), '[]') as "byTheme",
        coalesce((select json_agg(x order by x.type desc) from (select v.type,
            ${pounds(sql`sum(coalesce(v.value, 0))`)} as value, ${pounds(sql`sum(v.cost)`)} as "costBasis",
            sum(v.quantity) as items
          from v group by v.type) x), '[]') as "byType",
        (select ${percent(sql`sum(v.value - v.cost)`, sql`sum(v.cost) filter (where v.value is not null)`)} from v) as roi`,
  )
  return {
    byTheme: (row?.byTheme ?? []).map(({ theme, value, costBasis }) => ({ theme, value, costBasis })),
    byType: row?.byType ?? [],
    roi: row?.roi ?? null,
  }
}
