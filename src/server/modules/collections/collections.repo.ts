import { type SQL, sql } from 'drizzle-orm'
import { batchedPerDatabase } from '#server/db/batch.ts'
import { type Database, queryRows } from '#server/db/client.ts'
import { type Arg, builtPerShape } from '#server/db/statement.ts'
import { unnestRows } from '#server/db/unnest.ts'
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

/** A valuation as a statement's values (or placeholders). */
interface ValuationArgs {
  today: Arg<string>
  retailEstimate: EstimateArgs | null
}

interface EstimateArgs {
  regionOrder: Arg<readonly RetailRegion[]>
  /** Pounds per US dollar, and each currency's rate per US dollar (codes and rates in the same order). */
  gbpPerUsd: Arg<string>
  codes: Arg<string[]>
  rates: Arg<string[]>
}

/** A valuation's values, by name: a built statement's arguments (`builtPerShape`). */
interface ValuationValues {
  today: Arg<string>
  regionOrder?: Arg<readonly RetailRegion[]>
  gbpPerUsd?: Arg<string>
  codes?: Arg<string[]>
  rates?: Arg<string[]>
}

function valuationValues({ today, retailEstimate }: Valuation): ValuationValues {
  if (!retailEstimate) return { today }
  const { regionOrder, ratesPerUsd } = retailEstimate
  return {
    today,
    regionOrder,
    gbpPerUsd: ratesPerUsd.GBP,
    codes: Object.keys(ratesPerUsd),
    rates: Object.values(ratesPerUsd),
  }
}

function valuationArgs(values: ValuationValues, estimating: boolean): ValuationArgs {
  const { today, regionOrder, gbpPerUsd, codes, rates } = values
  if (!estimating) return { today, retailEstimate: null }
  if (regionOrder === undefined || gbpPerUsd === undefined || codes === undefined || rates === undefined) {
    throw new Error('a retail estimate needs its regions and rates')
  }
  return { today, retailEstimate: { regionOrder, gbpPerUsd, codes, rates } }
}

const valuationOf = (valuation: Valuation) =>
  valuationArgs(valuationValues(valuation), valuation.retailEstimate !== null)

/**
 * `est`: the retail price per item that an entry of item `i` is estimated at, when `when` holds — the
 * first region of `regionOrder` with a price, converted to pounds as the screens convert it
 * (`convertAmount`: amount × GBP rate ÷ its currency's rate per US dollar, 20 decimals, then pennies,
 * half up), else the retail price entered with the item (already pounds).
 */
function retailEstimateJoin(estimate: EstimateArgs, when: SQL) {
  return sql`left join lateral (select r.region, r.amount, r.currency, r.unit_gbp from (
      select rp.region, rp.amount, rp.currency::text as currency,
        round((rp.amount * ${estimate.gbpPerUsd}::numeric)::numeric(38, 20) / fx.per_usd, 2) as unit_gbp,
        array_position(${sql.param(estimate.regionOrder)}::text[], rp.region) as rank
      from retail_prices rp
      join unnest(${sql.param(estimate.codes)}::text[], ${sql.param(estimate.rates)}::numeric[]) as fx(code, per_usd)
        on fx.code = rp.currency
      where rp.item_id = c.item_id and ${when}
      union all
      select null, i.original_msrp, 'GBP', i.original_msrp, 99 from items i
      where i.id = c.item_id and i.original_msrp > 0 and ${when}
    ) r order by r.rank limit 1) est on true`
}

/** The entry `c`'s price was recomputed before `today`: it has not moved since. */
const priceBefore = (today: Arg<string>) =>
  sql`(c.price_updated_at at time zone 'UTC')::date < ${today}::date`

/**
 * Each of a user's entries with its valuation, in pounds and exact numeric arithmetic: cost = price paid ×
 * quantity (none when the price paid is not known), value = the fair price of the entry's condition grade
 * × quantity — or, without one and when the user chose it, the retail estimate × quantity (`estimated`) —
 * and the 24-hour change from the snapshot's previous day (a price recomputed before today has not moved
 * since; an estimate has no change). Without the estimate, the value is written as the expression of the index
 * `collections_user_value_idx`, so that a page by value, most valuable first, is read from it without valuing
 * every entry.
 *
 * Read from the entries' own rows: the grade, the item's type and theme and the grade's fair price are copied
 * onto each entry by the database (migration 0019, ADR 021), so a 1,000-entry collection is valued without
 * 2,000 lookups of items and snapshots. `withItem` joins the item and condition for what only they hold (the
 * name and number a search or sort needs, the condition's score, the theme's id). `entries` values rows just
 * written instead (an `insert` or `update … returning *`), so that a write answers with its entry at once.
 */
const valuedEntries = (
  userId: Arg<string> | SQL,
  { today, retailEstimate }: ValuationArgs,
  { withItem = false, unpricedOnly = false, entries = sql`collections` } = {},
) => sql`
  select c.id, c.user_id, c.item_id, c.condition_id, c.quantity, c.price_paid, c.original_price, c.currency,
    c.purchase_date, c.documented_purchase, c.created_at, c.page_json, c.valuation_json, c.change_json, c.grade,
    c.item_type as type,
    c.item_theme as theme,
    ${withItem ? sql`i.number, i.name, i.theme_id, cd.score,` : sql``}
    c.fair_price_gbp, c.price_confidence as confidence, c.price_updated_at as snapshot_at,
    ${
      retailEstimate
        ? sql`est.region as estimate_region, est.amount as estimate_amount, est.currency as estimate_currency,
          est.unit_gbp is not null as estimated, coalesce(c.fair_price_gbp, est.unit_gbp) * c.quantity as value,`
        : sql`null::text as estimate_region, null::numeric as estimate_amount, null::text as estimate_currency,
          false as estimated, c.fair_price_gbp * c.quantity as value,`
    }
    c.price_paid * c.quantity as cost,
    c.fair_price_gbp is not null and ${priceBefore(today)} as unmoved,
    case when c.fair_price_gbp is null then null
      when ${priceBefore(today)} then 0
      when c.previous_fair_price_gbp is null then null
      else (c.fair_price_gbp - c.previous_fair_price_gbp) * c.quantity end as change
  from ${entries} c
  ${withItem ? sql`join items i on i.id = c.item_id join conditions cd on cd.id = c.condition_id` : sql``}
  ${retailEstimate ? retailEstimateJoin(retailEstimate, sql`c.fair_price_gbp is null`) : sql``}
  where c.user_id = ${userId} ${unpricedOnly ? sql`and c.fair_price_gbp is null` : sql``}`

/**
 * An amount in pounds as text with two decimals. Rounded, not cast to a sized numeric: sums over a
 * collection have no upper bound (10,000 × 99,999,999.99 is one entry), and an overflowing cast would
 * fail every read of the collection.
 */
const pounds = (amount: SQL) => sql`round(${amount}, 2)::text`

const percent = (part: SQL, whole: SQL) =>
  sql`case when ${whole} > 0 then round(${part} / ${whole} * 100, 2)::text else null end`

/** An entry as the API answers it, but for its item, which the catalogue in memory adds (ADR 023). */
export type EntryWithoutItem = Omit<CollectionEntry, 'item'>

/**
 * An entry as the JSON text of `EntryWithoutItem`, and its item's id: the answer is written by splicing each
 * item's text in, never parsed and written out again (ADR 023).
 */
export interface EntryText {
  itemId: number
  json: string
}

/**
 * An entry `v` of `valuedEntries` as `EntryWithoutItem`, as JSON text spliced from what the database keeps written
 * on the entry (migrations 0029 and 0031, ADRs 029 and 031): its own fields and condition, its valuation at its
 * fair price, and the change on the day that price was recomputed. Written here, by the same functions, only what
 * the day or the user's choice changes: no change since a price recomputed before today, and the valuation at a
 * retail estimate.
 */
const entryJson = sql`(v.page_json
  || case when v.estimated then collection_valuation_json(v.fair_price_gbp, v.confidence, v.snapshot_at, v.value,
      v.cost, true, v.estimate_region, v.estimate_amount, v.estimate_currency)
    else v.valuation_json end
  || case when v.unmoved then collection_change_json(v.change, v.value) else v.change_json end)`

/**
 * What each sort orders by. Unknowns (no price, no cost) sort last either way; the order entries were added
 * in has none. Newest first is read from the `(user_id, created_at, id)` index without sorting, and most
 * valuable first (without the retail estimate) from `collections_user_value_idx` (ADR 028).
 */
const SORT_COLUMNS: Record<NonNullable<CollectionQuery['sort']>, { column: SQL; nullable: boolean }> = {
  added: { column: sql`v.created_at`, nullable: false },
  name: { column: sql`v.name`, nullable: false },
  condition: { column: sql`v.score`, nullable: false },
  quantity: { column: sql`v.quantity`, nullable: false },
  cost: { column: sql`v.cost`, nullable: true },
  value: { column: sql`v.value`, nullable: true },
  pnl: { column: sql`(v.value - v.cost)`, nullable: true },
  change: { column: sql`v.change`, nullable: true },
}

function pageOrder(query: Pick<CollectionQuery, 'sort' | 'direction'>): SQL {
  const { column, nullable } = SORT_COLUMNS[query.sort ?? 'added']
  const direction = query.direction === 'asc' ? sql`asc` : sql`desc`
  return sql`${column} ${direction} ${nullable ? sql`nulls last` : sql``}, v.id desc`
}

/** What a search looks for: the text anywhere, as typed (`%` and `_` are no wildcards). */
const searchPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

function pageFilters(filter: CollectionQuery['filter'], pattern: SQL | undefined): SQL[] {
  const filters: SQL[] = []
  if (filter === 'sets') filters.push(sql`v.type = 'set'`)
  if (filter === 'minifigs') filters.push(sql`v.type = 'minifig'`)
  if (filter === 'gainers') filters.push(sql`v.value > v.cost`)
  if (filter === 'decliners') filters.push(sql`v.value < v.cost`)
  if (pattern !== undefined) {
    filters.push(sql`(v.name ilike ${pattern} or v.number ilike ${pattern} or v.theme ilike ${pattern})`)
  }
  return filters
}

/**
 * The collection in summed parts, each with the columns of the totals the database keeps (ADR 023,
 * migrations 0020 and 0023): the user's two rows of `collection_user_totals`, priced and not. With the retail
 * estimate on, the unpriced entries are valued one by one instead (an estimate follows the day's rates and the
 * user's currency), each its own part beside the priced rows of `collection_totals`: `priced` is then "has a
 * value", and `estimated_*` say how much of it is retail. Every part names its theme but the user's rows.
 */
function summedParts(userId: Arg<string> | SQL, valuation: ValuationArgs): SQL {
  const counts = sql`entries, items, set_items, minifig_items, value, cost, unknown_cost_entries, unknown_cost_value,
    0 as estimated_entries, 0 as estimated_value`
  if (!valuation.retailEstimate) {
    return sql`select null::text as theme, priced, ${counts} from collection_user_totals where user_id = ${userId}`
  }
  return sql`select theme, priced, ${counts} from collection_totals where user_id = ${userId} and priced
    union all
    select v.theme, v.value is not null, 1, v.quantity, case when v.type = 'set' then v.quantity else 0 end,
      case when v.type = 'minifig' then v.quantity else 0 end, coalesce(v.value, 0), coalesce(v.cost, 0),
      (v.cost is null)::int, case when v.cost is null then coalesce(v.value, 0) else 0 end,
      v.estimated::int, case when v.estimated then v.value else 0 end
    from (${valuedEntries(userId, valuation, { unpricedOnly: true })}) v`
}

/**
 * The three most valuable themes (ties by name), each with its value and items. With the estimate on, from the
 * parts `p`, by theme. Off, from the top of the index of the user's theme rows by value: a theme's priced row
 * holds all its value and its unpriced row none, so the first three themes met in that order — within six rows,
 * as a theme has two at most — are the three the sum over every theme would rank first.
 */
function topThemes(userId: Arg<string> | SQL, valuation: ValuationArgs): SQL {
  const themes = valuation.retailEstimate
    ? sql`select theme, sum(value) as value, sum(items) as items from p group by theme`
    : sql`select t.theme, sum(t.value) as value, sum(t.items) as items from (
          select r.theme from (select theme, value from collection_totals where user_id = ${userId}
            order by value desc nulls last, theme limit 6) r
          group by r.theme order by max(r.value) desc, r.theme limit 3) top
        join collection_totals t on t.user_id = ${userId} and t.theme = top.theme group by t.theme`
  return sql`coalesce((select json_agg(json_build_object('theme', x.theme, 'value', ${pounds(sql`x.value`)},
      'items', x.items) order by x.value desc, x.theme)
    from (${themes} order by value desc, theme limit 3) x), '[]')`
}

/**
 * The summary over the parts `p` (`summedParts`), and (unless lean) the three most valuable themes. An entry
 * without a value adds no value, not a value of 0, and one without a known price paid adds no cost: the
 * profit or loss is over the entries with both (against what they cost); what the unvalued ones cost, what
 * the ones of unknown cost are worth, and how much of the value is a retail estimate are said apart (issue
 * 12). The 24-hour change is today's row of `collection_daily_changes`. Read through `row_to_json`: item
 * counts are bigints (entries × up to 10,000 each), which JSON keeps as numbers.
 */
const summaryColumns = (userId: Arg<string> | SQL, valuation: ValuationArgs, lean: boolean) => {
  const profit = sql`sum(p.value - p.unknown_cost_value - p.cost) filter (where p.priced)`
  const pricedCost = sql`sum(p.cost) filter (where p.priced)`
  return sql`coalesce(sum(p.entries), 0)::int as entries, coalesce(sum(p.items), 0) as "totalItems",
  coalesce(sum(p.set_items), 0) as "setCount", coalesce(sum(p.minifig_items), 0) as "minifigCount",
  ${pounds(sql`coalesce(sum(p.value), 0)`)} as "totalValue",
  ${pounds(sql`coalesce(sum(p.cost), 0)`)} as "costBasis",
  ${pounds(sql`coalesce(${pricedCost}, 0)`)} as "pricedCost",
  ${pounds(sql`coalesce(${profit}, 0)`)} as "unrealizedPnl",
  ${percent(profit, pricedCost)} as "unrealizedPnlPercent",
  ${pounds(sql`(select coalesce(sum(d.change), 0) from collection_daily_changes d
    where d.user_id = ${userId} and d.day >= ${valuation.today}::date)`)} as "change24h",
  coalesce(sum(p.entries) filter (where not p.priced), 0)::int as "unpricedEntries",
  ${pounds(sql`coalesce(sum(p.cost) filter (where not p.priced), 0)`)} as "unpricedCost",
  coalesce(sum(p.unknown_cost_entries), 0)::int as "unknownCostEntries",
  ${pounds(sql`coalesce(sum(p.unknown_cost_value), 0)`)} as "unknownCostValue",
  coalesce(sum(p.estimated_entries), 0)::int as "estimatedEntries",
  ${pounds(sql`coalesce(sum(p.estimated_value), 0)`)} as "estimatedValue",
  ${lean ? sql`'[]'::json` : topThemes(userId, valuation)} as "topThemes"`
}

/** The summary of the whole collection, as a JSON object. */
const summaryJson = (userId: Arg<string> | SQL, valuation: ValuationArgs, lean: boolean) =>
  sql`(with p as materialized (${summedParts(userId, valuation)})
    select row_to_json(totals) from (select ${summaryColumns(userId, valuation, lean)} from p) totals)`

/** A page of entries as text, the number that match, and the whole collection's summary as JSON text. */
export interface CollectionPageText {
  entries: EntryText[]
  total: number
  summary: string
}

/** A user's page of their collection, and how their collection is valued. */
export interface PageRequest {
  userId: string
  query: CollectionQuery
  valuation: Valuation
}

/** What a page's statement is written for; everything else is its arguments. */
interface PageShape extends Pick<CollectionQuery, 'filter' | 'sort' | 'direction' | 'limit'> {
  searching: boolean
  firstPage: boolean
  estimating: boolean
}

const pageShape = ({ query, valuation }: PageRequest): PageShape => ({
  filter: query.filter,
  sort: query.sort,
  direction: query.direction,
  searching: Boolean(query.query),
  limit: query.limit,
  firstPage: query.offset === 0,
  estimating: valuation.retailEstimate !== null,
})

/**
 * Requests that one statement can answer, each group by its place in `requests`: the same statement shape and
 * the same valuation (the day and rates are the same for all; the retail regions follow each user's currency).
 */
function groupedForOneStatement<Request extends { valuation: Valuation }>(
  requests: readonly Request[],
  shapeOf: (request: Request) => unknown,
): { first: Request; places: number[] }[] {
  const groups = new Map<string, { first: Request; places: number[] }>()
  requests.forEach((request, place) => {
    const { valuation } = request
    const key = JSON.stringify([shapeOf(request), valuation.retailEstimate ? valuation : valuation.today])
    const group = groups.get(key) ?? { first: request, places: [] }
    group.places.push(place)
    groups.set(key, group)
  })
  return [...groups.values()]
}

/**
 * Pages of entries, filtered and sorted, each with the number that match and the summary of the whole
 * collection, for many requests: one statement per shape and valuation among them, the users, offsets and
 * searches its columns. Each request's page is a first row with the total and the summary, then a row per
 * entry, in order. Only a filter, a search or a sort by what no index holds in order values every entry; newest
 * first, and most valuable first without the retail estimate, read the page's entries alone.
 */
export async function findCollectionPages(
  db: Database,
  requests: readonly PageRequest[],
): Promise<CollectionPageText[]> {
  const answers: CollectionPageText[] = requests.map(() => ({ entries: [], total: 0, summary: '' }))
  await Promise.all(
    groupedForOneStatement(requests, pageShape).map(async ({ first, places }) => {
      const asked = places.map((place) => requests[place] as PageRequest)
      const rows = await queryRows<{ k: number; itemId: number | null; json: string; total: number | null }>(
        db,
        pageStatement(pageShape(first), {
          users: asked.map((request) => request.userId),
          offsets: asked.map((request) => request.query.offset),
          patterns: asked.map((request) => (request.query.query ? searchPattern(request.query.query) : null)),
          ...valuationValues(first.valuation),
        }),
      )
      for (const { k, itemId, json, total } of rows) {
        const answer = answers[places[k - 1] as number] as CollectionPageText
        if (itemId === null) Object.assign(answer, { summary: json, total })
        else answer.entries.push({ itemId, json })
      }
    }),
  )
  return answers
}

/**
 * At most this many requests a statement (pages or figures): one statement's requests are read one after the
 * other by one connection, so that those asked for by 50 connections at once make a few statements the cores run
 * side by side.
 */
const REQUESTS_PER_STATEMENT = 16

/** One page of the collection, sharing a statement with the pages asked for at the same moment. */
export const findCollectionPage = batchedPerDatabase(findCollectionPages, {
  maxBatchSize: REQUESTS_PER_STATEMENT,
})

type PageArgs = { users: string[]; offsets: number[]; patterns: (string | null)[] } & ValuationValues

const pageStatement = builtPerShape<PageShape, PageArgs>((shape, p) => {
  const filters = pageFilters(shape.filter, shape.searching ? sql`r.pattern` : undefined)
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``
  const valuation = valuationArgs(p, shape.estimating)
  const withItem = shape.searching || shape.sort === 'name' || shape.sort === 'condition'
  const entries = sql`select * from (${valuedEntries(sql`r.user_id`, valuation, { withItem })}) v ${where}`
  const order = pageOrder(shape)
  // The page size is written out (as the feed's is), and so is the first page's offset: as parameters the
  // planner guesses a tenth of the collection per page and entries to skip, finds every plan it makes for
  // values it knows cheaper, and plans this large statement afresh at every read instead of once per
  // connection. Deeper pages, rarer, keep their offset a column rather than name a statement each.
  if (!Number.isSafeInteger(shape.limit) || shape.limit < 1)
    throw new Error(`not a page size: ${shape.limit}`)
  const limit = sql.raw(String(shape.limit))
  const offset = shape.firstPage ? sql.raw('0') : sql`r.off`
  const requests = unnestRows(
    'r',
    {
      user_id: sql`${p.users}::uuid[]`,
      off: sql`${p.offsets}::int[]`,
      pattern: sql`${p.patterns}::text[]`,
    },
    'k',
  )
  return sql`select r.k::int as k, x."itemId", x.json, x.total from ${requests} cross join lateral (
      with summary as (select ${summaryJson(sql`r.user_id`, valuation, false)} as json),
        page as (${entries} order by ${order} limit ${limit} offset ${offset})
      select 0::bigint as n, null::int as "itemId", (select json::text from summary) as json,
        ${filters.length ? sql`(select count(*)::int from (${entries}) matching)` : sql`(select (json->>'entries')::int from summary)`} as total
      union all
      select row_number() over (order by ${order}), v.item_id, ${entryJson}, null from page v) x
    order by r.k, x.n`
})

/** A user whose profile figures are asked for, and how their collection is valued. */
export interface FiguresRequest {
  userId: string
  valuation: Valuation
}

export interface ProfileFigures {
  summary: CollectionSummary
  alertsCount: number
}

/**
 * Many users' profile figures in one statement, built once per shape (ADR 027): each user's collection summary
 * without its themes, and their active alerts, a row each in the order asked. The users are a column, so the
 * requests that arrive together share one round trip: sending a statement and waking PostgreSQL for it cost the
 * server and the database about as much as computing these figures (docs/benchmark-history.md). The alerts are
 * counted by the database function `active_alert_count` (migration 0032), so that PostgreSQL keeps the
 * statement's plan rather than plan it at every run (ADR 031).
 */
const figuresStatement = builtPerShape<{ estimating: boolean }, { users: string[] } & ValuationValues>(
  ({ estimating }, p) =>
    sql`select ${summaryJson(sql`u.user_id`, valuationArgs(p, estimating), true)} as summary,
      active_alert_count(u.user_id) as "alertsCount"
    from ${unnestRows('u', { user_id: sql`${p.users}::uuid[]` }, 'n')} order by u.n`,
)

/**
 * The figures of the requests that share a valuation, one statement for each valuation among them (the day and
 * rates are the same for all; the retail regions follow each user's currency).
 */
export async function findProfileFigures(
  db: Database,
  requests: readonly FiguresRequest[],
): Promise<ProfileFigures[]> {
  const answers: ProfileFigures[] = new Array(requests.length)
  const estimating = (request: FiguresRequest) => request.valuation.retailEstimate !== null
  await Promise.all(
    groupedForOneStatement(requests, estimating).map(async ({ first, places }) => {
      const rows = await queryRows<ProfileFigures>(
        db,
        figuresStatement(
          { estimating: estimating(first) },
          {
            users: places.map((place) => (requests[place] as FiguresRequest).userId),
            ...valuationValues(first.valuation),
          },
        ),
      )
      rows.forEach((row, index) => {
        answers[places[index] as number] = row
      })
    }),
  )
  return answers
}

/** One user's profile figures, sharing a statement with the figures asked for at the same moment. */
export const profileFiguresOf = batchedPerDatabase(findProfileFigures, {
  maxBatchSize: REQUESTS_PER_STATEMENT,
})

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

/** What a write's statement is written for: an insert, or an update of these fields (in ENTRY_COLUMNS' order). */
type WriteShape = { write: 'insert' | (keyof EntryFields)[]; estimating: boolean }

type WriteArgs = { userId: string; id?: number; itemId?: number } & Partial<EntryFields> & ValuationValues

/** The write, and the entry as written, valued, in the same statement. */
const writtenStatement = builtPerShape<WriteShape, WriteArgs>(({ write, estimating }, p) => {
  const rows =
    write === 'insert'
      ? sql`insert into collections (user_id, item_id, condition_id, quantity, price_paid, original_price, currency,
          purchase_date, documented_purchase)
        values (${p.userId}, ${p.itemId}, ${p.conditionId}, ${p.quantity}, ${p.pricePaid}, ${p.originalPrice},
          ${p.currency}, ${p.purchaseDate}, ${p.documentedPurchase})
        returning *`
      : sql`update collections
        set ${sql.join([...write.map((field) => sql`${sql.identifier(ENTRY_COLUMNS[field])} = ${p[field]}`), sql`updated_at = now()`], sql`, `)}
        where id = ${p.id} and user_id = ${p.userId} returning *`
  return sql`with written as (${rows})
    select v.item_id as "itemId", ${entryJson} as json
    from (${valuedEntries(p.userId, valuationArgs(p, estimating), { entries: sql`written` })}) v`
})

async function writtenEntry(
  db: Database,
  write: WriteShape['write'],
  args: Omit<WriteArgs, keyof ValuationValues>,
  valuation: Valuation,
): Promise<EntryText | undefined> {
  const found = await queryRows<EntryText>(
    db,
    writtenStatement(
      { write, estimating: valuation.retailEstimate !== null },
      { ...args, ...valuationValues(valuation) },
    ),
  )
  return found[0]
}

export async function insertEntry(
  db: Database,
  userId: string,
  itemId: number,
  fields: EntryFields,
  valuation: Valuation,
): Promise<EntryText> {
  return (await writtenEntry(db, 'insert', { userId, itemId, ...fields }, valuation)) as EntryText
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

const ENTRY_COLUMNS: Record<keyof EntryFields, string> = {
  conditionId: 'condition_id',
  quantity: 'quantity',
  pricePaid: 'price_paid',
  originalPrice: 'original_price',
  currency: 'currency',
  purchaseDate: 'purchase_date',
  documentedPurchase: 'documented_purchase',
}

/**
 * Writes these fields (only these) of the user's entry and answers it valued; undefined when the user has no
 * entry of this id.
 */
export async function updateEntry(
  db: Database,
  userId: string,
  id: number,
  fields: Partial<EntryFields>,
  valuation: Valuation,
): Promise<EntryText | undefined> {
  const written = (Object.keys(ENTRY_COLUMNS) as (keyof EntryFields)[]).filter(
    (field) => fields[field] !== undefined,
  )
  return writtenEntry(db, written, { userId, id, ...fields }, valuation)
}

export async function deleteOwnEntry(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from collections where id = ${id} and user_id = ${userId} returning id`,
  )
  return rows.length > 0
}

/** Every entry, for the CSV export. */
export async function allEntries(db: Database, userId: string, valuation: Valuation): Promise<EntryText[]> {
  return queryRows<EntryText>(
    db,
    sql`with v as (${valuedEntries(userId, valuationOf(valuation))})
      select v.item_id as "itemId", ${entryJson} as json from v
      order by v.created_at, v.id`,
  )
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
  const { retailEstimate } = valuationOf(valuation)
  return queryRows<Portfolio['timeline'][number]>(
    db,
    sql`with days as (
        select d::date as day from generate_series(${since}::date, ${today}::date, make_interval(days => ${stepDays})) d
        union select ${today}::date),
      entries as (
        select c.item_id, cd.grade, c.quantity, c.price_paid * c.quantity as cost,
          ${retailEstimate ? sql`est.unit_gbp` : sql`null::numeric`} as estimate,
          coalesce(c.purchase_date, c.created_at::date) as since
        from collections c join conditions cd on cd.id = c.condition_id join items i on i.id = c.item_id
        ${retailEstimate ? retailEstimateJoin(retailEstimate, sql`true`) : sql``}
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
    sql`with v as (${valuedEntries(userId, valuationOf(valuation), { withItem: true })})
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
