import { type SQL, sql } from 'drizzle-orm'
import { batchedPerDatabase } from '#server/db/batch.ts'
import { type Database, queryRows } from '#server/db/client.ts'
import {
  isoTimestamp,
  jsonArrayAgg,
  jsonLiteral,
  jsonObject,
  jsonObjectAfter,
  jsonPlainString,
  jsonString,
  jsonTimestamp,
} from '#server/db/json-text.ts'
import { ITEM_GRADE_LOCKS } from '#server/db/lock-keys.ts'
import { builtPerShape } from '#server/db/statement.ts'
import { unnestRows } from '#server/db/unnest.ts'
import type { Sale } from '#shared/contract/market.ts'
import type { PricedSale, PriceSummary } from '#shared/pricing.ts'
import { upsertSnapshots } from './market.batch.repo.ts'
import { enqueueFrom } from './market.queue.repo.ts'

export type Grade = 'new' | 'used'

/** A sale's condition `c`, as JSON text. */
const conditionJson = jsonObject({ id: jsonLiteral(sql`c.id`), label: jsonString(sql`c.label`) })

/** Why a sale `s` was rejected, when it was: the moderator's reason. */
const rejectionReason = sql`case when s.status = 'rejected' then (select f.notes from moderation_flags f
  where f.entity_type = 'sale' and f.entity_id = s.id::text and f.code = 'rejected' and f.status = 'resolved'
  order by f.id desc limit 1) end`

/**
 * A sale as the API shows it, from `sales s` joined to its `conditions c`, as columns (the review queue,
 * market.review.repo.ts, reads them too).
 */
const saleFields: Record<keyof Sale, SQL> = {
  id: sql`s.id`,
  itemId: sql`s.item_id`,
  priceGbp: sql`s.price_gbp::text`,
  originalPrice: sql`s.original_price::text`,
  currency: sql`s.currency`,
  condition: sql`${conditionJson}::json`,
  grade: sql`s.grade`,
  saleDate: sql`s.sale_date::text`,
  source: sql`s.source`,
  sourceRef: sql`s.source_ref`,
  proofUrl: sql`s.proof_url`,
  status: sql`s.status`,
  submitterId: sql`s.submitter_id`,
  rejectionReason,
  createdAt: isoTimestamp(sql`s.created_at`),
}

export const saleColumns = sql.join(
  Object.entries(saleFields).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
  sql`, `,
)

/**
 * A sale's own fields and condition as the text of an unclosed JSON object: as the database keeps it, or for the
 * rare sale whose text is too long for the index that carries it (ADR 043), written now by the same function.
 */
const salePageText = sql`coalesce(s.page_json, (select sale_page_text(t) from sales t where t.id = s.id))`

/**
 * A sale `s` as the text of its JSON object, for the Sales History: its own fields and its condition as the
 * database keeps them written (`page_json`, migrations 0028 and 0036, ADRs 029 and 040), then who submitted it
 * (not everyone's to know) and why it was rejected. A test in test/api/sale-moderation.test.ts holds it to the
 * sale's own answer (`saleColumns`).
 */
const saleJson = (submitterId: SQL) =>
  jsonObjectAfter(salePageText, {
    submitterId: jsonPlainString(submitterId),
    rejectionReason: jsonString(rejectionReason),
  })

/**
 * What follows `page_json` in `saleJson` for a verified sale whose submitter is not shown: one text for every such
 * sale, which PostgreSQL writes once per statement (it folds the constant pieces).
 */
const unattributedTail = jsonObjectAfter(sql`''`, { submitterId: sql`'null'`, rejectionReason: sql`'null'` })

/** Which of the item's conditions a sale names: by id, or by label in any case. */
function conditionMatches(condition: ConditionChoice): SQL {
  return condition.id !== undefined
    ? sql`c.id = ${condition.id}`
    : sql`lower(c.label) = lower(${condition.label ?? ''})`
}

export interface ConditionChoice {
  id?: number
  label?: string
}

/** Whether the item exists, and the condition's grade when the condition is one of the item's category. */
export async function findItemCondition(
  db: Database,
  itemId: number,
  condition: ConditionChoice,
): Promise<{ itemExists: boolean; condition?: { id: number; grade: Grade } }> {
  const rows = await queryRows<{ conditionId: number | null; grade: Grade | null }>(
    db,
    sql`select c.id as "conditionId", c.grade from items i
      left join conditions c on c.category = i.type and ${conditionMatches(condition)}
      where i.id = ${itemId}`,
  )
  const row = rows[0]
  if (!row) return { itemExists: false }
  return {
    itemExists: true,
    condition: row.conditionId && row.grade ? { id: row.conditionId, grade: row.grade } : undefined,
  }
}

export async function itemExists(db: Database, itemId: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from items where id = ${itemId}`)).length > 0
}

export interface NewSale {
  itemId: number
  /** One of the item's conditions; its grade comes with it. */
  condition: ConditionChoice
  priceGbp: string
  originalPrice: string
  currency: string
  saleDate: string
  source: string
  sourceRef: string | null
  proofUrl: string | null
  status: 'pending' | 'verified'
  submitterId: string
}

/** insertSales's arguments: one array per column of the sales, in order. */
interface SaleArrays {
  itemIds: number[]
  conditionIds: Array<number | null>
  conditionLabels: Array<string | null>
  pricesGbp: string[]
  originalPrices: string[]
  currencies: string[]
  saleDates: string[]
  sources: string[]
  sourceRefs: Array<string | null>
  proofUrls: Array<string | null>
  statuses: string[]
  submitterIds: string[]
}

/** Every sale recorded runs it, so it is written once (ADR 027): only its arrays change. */
const insertSalesStatement = builtPerShape<null, SaleArrays>(
  (_, p) => sql`with chosen as (
        select nextval('sales_id_seq'::regclass) as id, u.*, c.id as chosen_condition_id, c.grade, c.label
        from ${unnestRows(
          'u',
          {
            item_id: sql`${p.itemIds}::int[]`,
            condition_id: sql`${p.conditionIds}::int[]`,
            condition_label: sql`${p.conditionLabels}::text[]`,
            // The columns' own types: the page text below is written from these values as the sale keeps them.
            price_gbp: sql`${p.pricesGbp}::numeric(10,2)[]`,
            original_price: sql`${p.originalPrices}::numeric(10,2)[]`,
            currency: sql`${p.currencies}::char(3)[]`,
            sale_date: sql`${p.saleDates}::date[]`,
            source: sql`${p.sources}::text[]`,
            source_ref: sql`${p.sourceRefs}::text[]`,
            proof_url: sql`${p.proofUrls}::text[]`,
            status: sql`${p.statuses}::text[]`,
            submitter_id: sql`${p.submitterIds}::uuid[]`,
          },
          'ord',
        )}
        join items i on i.id = u.item_id
        join conditions c on c.category = i.type and case when u.condition_id is not null then c.id = u.condition_id
          else lower(c.label) = lower(u.condition_label) end),
      s as (
        insert into sales (id, item_id, condition_id, grade, price_gbp, original_price, currency, sale_date, source,
          source_ref, proof_url, status, submitter_id, verified_by, created_at, page_json)
        overriding system value
        select id, item_id, chosen_condition_id, grade, price_gbp, original_price, currency, sale_date, source,
          source_ref, proof_url, status, submitter_id, case when status = 'verified' then submitter_id end, now(),
          -- Written here rather than by the trigger row by row (migration 0039, ADR 044).
          sale_page_text_from(id, item_id, price_gbp, original_price, currency, grade, sale_date, source, source_ref,
            proof_url, status, now(), chosen_condition_id, label)
        from chosen order by ord
        on conflict do nothing
        returning *),
      queued as (${enqueueFrom(sql`select item_id, grade, sale_date, id from s where status = 'verified'`)}),
      counted as (${countInConditionStats(sql`select item_id, condition_id, price_gbp from s where status = 'verified'`, 1)})
      select chosen.ord::int as ord, ${saleColumns} from s join chosen on chosen.id = s.id
        join conditions c on c.id = s.condition_id`,
  1,
)

/**
 * Records sales in one statement, so in one round trip and each atomically: each one's condition looked up
 * among its item's, the sale inserted and, when it is verified, counted in its condition's statistics and its
 * recompute queued (DESIGN §5, ADR 016).
 * For each sale, in order: the sale recorded, or undefined when nothing was: no such item or condition, or
 * the same sale (item, amount, currency, day, reference) exists or comes earlier in the list;
 * `findItemCondition` tells which. Ids are drawn before the insert so that each recorded row is known as
 * its sale's, whatever else the list holds.
 */
export async function insertSales(db: Database, sales: readonly NewSale[]): Promise<Array<Sale | undefined>> {
  const rows = await queryRows<Sale & { ord: number }>(
    db,
    insertSalesStatement(null, {
      itemIds: sales.map((sale) => sale.itemId),
      conditionIds: sales.map((sale) => sale.condition.id ?? null),
      conditionLabels: sales.map((sale) => sale.condition.label ?? null),
      pricesGbp: sales.map((sale) => sale.priceGbp),
      originalPrices: sales.map((sale) => sale.originalPrice),
      currencies: sales.map((sale) => sale.currency),
      saleDates: sales.map((sale) => sale.saleDate),
      sources: sales.map((sale) => sale.source),
      sourceRefs: sales.map((sale) => sale.sourceRef),
      proofUrls: sales.map((sale) => sale.proofUrl),
      statuses: sales.map((sale) => sale.status),
      submitterIds: sales.map((sale) => sale.submitterId),
    }),
  )
  const recorded = new Map(rows.map(({ ord, ...sale }) => [ord, sale]))
  return sales.map((_, index) => recorded.get(index + 1))
}

/**
 * While one statement of sales is in flight, the next gathers until it is done, or this long (ADR 047):
 * inserts of sales side by side share their conditions' and submitters' key locks and commit apart, and cost
 * the database a third more a sale than the same sales in fewer, larger statements.
 */
const SALES_AFTER_PREVIOUS_UP_TO_MS = 50

/**
 * insertSales of one sale, sharing its statement with the sales recorded at the same moment (db/batch.ts).
 * Should that statement fail, each of its sales is tried alone, so that one bad sale fails only itself.
 */
export const insertSale: (db: Database, sale: NewSale) => Promise<Sale | undefined> = batchedPerDatabase(
  async (db: Database, batch: readonly NewSale[]) => {
    try {
      return await insertSales(db, batch)
    } catch (error) {
      if (batch.length === 1) throw error
      return Promise.all(
        batch.map((one) =>
          insertSales(db, [one]).then(
            ([recorded]) => recorded,
            (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
          ),
        ),
      )
    }
  },
  { afterPreviousUpToMs: SALES_AFTER_PREVIOUS_UP_TO_MS },
)

export async function findSale(db: Database, id: number): Promise<Sale | undefined> {
  const rows = await queryRows<Sale>(
    db,
    sql`select ${saleColumns} from sales s join conditions c on c.id = s.condition_id where s.id = ${id}`,
  )
  return rows[0]
}

/** Locks the sale's row for the rest of the transaction, so two moderators cannot verify it twice. */
export async function lockSale(
  db: Database,
  id: number,
): Promise<
  | { itemId: number; conditionId: number; grade: Grade; status: string; priceGbp: string; saleDate: string }
  | undefined
> {
  const rows = await queryRows<{
    itemId: number
    conditionId: number
    grade: Grade
    status: string
    priceGbp: string
    saleDate: string
  }>(
    db,
    sql`select item_id as "itemId", condition_id as "conditionId", grade, status, price_gbp::text as "priceGbp",
        sale_date::text as "saleDate"
      from sales where id = ${id} for update`,
  )
  return rows[0]
}

export async function markVerified(db: Database, id: number, verifierId: string) {
  await db.execute(sql`update sales set status = 'verified', verified_by = ${verifierId} where id = ${id}`)
  // A rejection overruled: its reason no longer stands (the flag stays, as a record).
  await db.execute(sql`update moderation_flags set status = 'dismissed'
    where entity_type = 'sale' and entity_id = ${String(id)} and code = 'rejected' and status = 'resolved'`)
}

/** Rejects a sale, keeping the moderator's reason as a resolved 'rejected' flag on it (moderation_flags). */
export async function markRejected(
  db: Database,
  id: number,
  rejection: { reason: string; moderatorId: string },
) {
  await db.execute(sql`update sales set status = 'rejected', verified_by = null where id = ${id}`)
  await db.execute(sql`insert into moderation_flags (entity_type, entity_id, code, status, notes, created_by)
    values ('sale', ${String(id)}, 'rejected', 'resolved', ${rejection.reason}, ${rejection.moderatorId})`)
}

export async function deleteSaleRow(db: Database, id: number) {
  await db.execute(sql`delete from sales where id = ${id}`)
}

/** A page of an item's sales asked for by one viewer. */
interface SalesPageRequest {
  itemId: number
  viewerId: string | null
  limit: number
  offset: number
}

/**
 * A page of an item's sales as one viewer may see them, as the JSON text of the answer (`SalesList`), and
 * whether the item exists. Verified sales are everyone's; pending and rejected ones their submitter's, or all
 * of them a moderator's (`allPending`), and so is who submitted a sale. The page is chosen newest first from the
 * `(item_id, sale_date, id, status, submitter_id)` index alone, and only its own rows are read and written out,
 * however deep it is; the total adds the verified sales counted in `price_condition_stats` (exact at every
 * commit) to the unverified ones this viewer may see, from their partial index: a popular item's thousands of
 * sales are never counted one by one (issue 13). The pages asked for at the same moment by viewers who see
 * alike are read by one statement (ADR 033).
 */
export function salesPage(
  db: Database,
  itemId: number,
  page: { limit: number; offset: number },
  viewer: { id: string | null; allPending: boolean },
): Promise<{ itemExists: boolean; json: string }> {
  const visibility = viewer.allPending ? 'all' : viewer.id === null ? 'verified' : 'own'
  return salesPageReaders[visibility](db, { itemId, viewerId: viewer.id, ...page })
}

/**
 * One statement's pages are read one after the other by one connection: at most 16 of them, so that the pages
 * asked for by 50 connections at once make a few statements the cores run side by side (7,160–8,389 pages/s
 * against 6,428–7,048 with 200 at most, ADR 033).
 */
const SALES_PAGES_PER_STATEMENT = 16

const salesPagesReader = (visibility: SalesVisibility) =>
  batchedPerDatabase(
    (db: Database, batch: readonly SalesPageRequest[]) =>
      queryRows<{ itemExists: boolean; json: string }>(
        db,
        salesPagesStatement(visibility, {
          items: batch.map((request) => request.itemId),
          viewers: batch.map((request) => request.viewerId),
          limits: batch.map((request) => request.limit),
          offsets: batch.map((request) => request.offset),
        }),
      ),
    { maxBatchSize: SALES_PAGES_PER_STATEMENT },
  )

/**
 * Which sales beside the verified ones a viewer sees, and whose submitter: none, their own, or all of them. The
 * statement is written once for each (ADR 027): a page of the busiest items' sales spent a fifth of the server's
 * busy time putting it together again.
 */
type SalesVisibility = 'verified' | 'own' | 'all'

/** Pages of sales, one row each, in the order asked: each request `r` is an item, a viewer, a limit and an offset. */
const salesPagesStatement = builtPerShape<
  SalesVisibility,
  { items: number[]; viewers: (string | null)[]; limits: number[]; offsets: number[] }
>((visibility, p) => {
  const visibleTo = (sale: 's' | 'b') =>
    visibility === 'all'
      ? sql`true`
      : visibility === 'own'
        ? sql`${sql.raw(sale)}.submitter_id = r.viewer`
        : sql`false`
  const shown = (sale: 's' | 'b') =>
    sql`${sql.raw(sale)}.item_id = r.item
      and (${sql.raw(sale)}.status = 'verified' or (${sql.raw(sale)}.status <> 'verified' and ${visibleTo(sale)}))`
  // The page's first sale is found from the index alone, however deep; the page is then read from that key on
  // by the same index, which carries each sale's text (ADR 043): fifty sales from a few index pages rather than
  // fifty heap pages. Joining chosen ids back by primary key walked that index from its root once per sale.
  // Most sales on a page are verified ones whose submitter the viewer does not see: their text is `page_json` and
  // one tail, rather than a dozen pieces joined sale by sale (a fifth of the statement's time in the database).
  // The sale keeps its condition in `page_json`: joining each sale to its condition was a quarter (ADR 040).
  const page = sql`select s.sale_date, s.id,
        case when s.status = 'verified' and (${visibleTo('s')}) is not true then ${salePageText} || ${unattributedTail}
          else ${saleJson(sql`case when ${visibleTo('s')} then s.submitter_id end`)} end as sale
      from sales s
      where ${shown('s')} and (s.sale_date, s.id) <= (select b.sale_date, b.id from sales b where ${shown('b')}
          order by b.sale_date desc, b.id desc offset r.off limit 1)
      order by s.sale_date desc, s.id desc limit r.lim`
  return sql`select exists (select 1 from items where id = r.item) as "itemExists",
      ${jsonObject({
        sales: sql`(select ${jsonArrayAgg(sql`p.sale`, sql`p.sale_date desc, p.id desc`)} from (${page}) p)`,
        total: jsonLiteral(
          sql`(select coalesce(sum(p.sales_count), 0) from price_condition_stats p where p.item_id = r.item)
            + (select count(*) from sales s where s.item_id = r.item and s.status <> 'verified' and ${visibleTo('s')})`,
        ),
      })} as json
    from ${unnestRows(
      'r',
      {
        item: sql`${p.items}::int[]`,
        viewer: sql`${p.viewers}::uuid[]`,
        lim: sql`${p.limits}::int[]`,
        off: sql`${p.offsets}::int[]`,
      },
      'n',
    )}
    order by r.n`
})

/** Each kind of viewer's pages share statements with the pages of viewers who see alike. */
const salesPageReaders: Record<SalesVisibility, ReturnType<typeof salesPagesReader>> = {
  verified: salesPagesReader('verified'),
  own: salesPagesReader('own'),
  all: salesPagesReader('all'),
}

/**
 * Verified sales of an item and grade from `since` on (all of them without `since`), by date. Read as
 * three arrays in one row: a popular item has thousands of sales, and one row parses far faster.
 */
export async function loadVerifiedSales(
  db: Database,
  itemId: number,
  grade: Grade,
  since?: string,
): Promise<PricedSale[]> {
  const [row] = await queryRows<{ ids: number[] | null; prices: string[] | null; days: string[] | null }>(
    db,
    // Aggregated from a subquery in the index's own order: no sort, and one row to parse.
    sql`select array_agg(id) as ids, array_agg(price) as prices, array_agg(day) as days from (
        select id, price_gbp::text as price, sale_date::text as day from sales
        where item_id = ${itemId} and grade = ${grade} and status = 'verified'
          ${since ? sql`and sale_date >= ${since}` : sql``}
        order by sale_date, price_gbp, id) ordered`,
  )
  const ids = row?.ids ?? []
  const prices = row?.prices ?? []
  const days = row?.days ?? []
  return ids.map((id, index) => ({ id, priceGbp: prices[index] as string, saleDate: days[index] as string }))
}

/** All verified sales of the item and grade, from the per-condition statistics (no scan of the sales). */
export async function countVerifiedSales(db: Database, itemId: number, grade: Grade): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(p.sales_count), 0)::int as n from price_condition_stats p
      join conditions c on c.id = p.condition_id where p.item_id = ${itemId} and c.grade = ${grade}`,
  )
  return rows[0]?.n ?? 0
}

/** Distinct days with verified sales of the item and grade, from `since` on. */
export async function saleDays(db: Database, itemId: number, grade: Grade, since: string): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select distinct sale_date::text as day from sales
      where item_id = ${itemId} and grade = ${grade} and status = 'verified' and sale_date >= ${since}
      order by day`,
  )
  return rows.map((row) => row.day)
}

/** The item's marketplace sold price of the grade, as stored (see marketplace.ts). */
export async function marketplacePrice(db: Database, itemId: number, grade: Grade): Promise<string | null> {
  const key = grade === 'new' ? 'soldPriceNew' : 'soldPriceUsed'
  const rows = await queryRows<{ price: string | null }>(
    db,
    sql`select metadata -> 'marketplace' ->> ${key} as price from items where id = ${itemId}`,
  )
  return rows[0]?.price ?? null
}

/** Writes the snapshot of `today`; the previous fair price is the newest history point before today. */
export async function upsertSnapshot(
  db: Database,
  itemId: number,
  grade: Grade,
  summary: PriceSummary,
  today: string,
) {
  await upsertSnapshots(db, [{ itemId, grade, summary }], today)
}

/** Replaces the history points of these days; a day without a price loses its point. */
export async function writeHistoryPoints(
  db: Database,
  itemId: number,
  grade: Grade,
  points: Array<{ day: string; fairPrice: string | null; salesCount: number }>,
) {
  const priced = points.filter((point) => point.fairPrice !== null)
  const unpriced = points.filter((point) => point.fairPrice === null).map((point) => point.day)
  if (unpriced.length > 0) {
    await db.execute(sql`delete from price_history where item_id = ${itemId} and grade = ${grade}
      and day = any(${sql.param(unpriced)}::date[])`)
  }
  if (priced.length === 0) return
  await db.execute(
    sql`insert into price_history (item_id, grade, day, fair_price_gbp, sales_count)
      select ${itemId}, ${grade}, u.day, u.price, u.count
      from ${unnestRows('u', {
        day: sql`${sql.param(priced.map((p) => p.day))}::date[]`,
        price: sql`${sql.param(priced.map((p) => p.fairPrice))}::numeric[]`,
        count: sql`${sql.param(priced.map((p) => p.salesCount))}::int[]`,
      })}
      on conflict (item_id, grade, day) do update set fair_price_gbp = excluded.fair_price_gbp,
        sales_count = excluded.sales_count`,
  )
}

/** Days of the item's history from `since` on (recomputed when an older sale changes). */
export async function historyDays(
  db: Database,
  itemId: number,
  grade: Grade,
  since: string,
): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select day::text as day from price_history where item_id = ${itemId} and grade = ${grade} and day >= ${since}`,
  )
  return rows.map((row) => row.day)
}

/**
 * Verified sales counted into (1) or out of (-1) the per-condition statistics, by the statement or transaction
 * that changes them: the statistics are exact at every commit, and no recompute counts a popular item's
 * thousands of sales again. `sales` selects `item_id, condition_id, price_gbp`. Rows are taken in one order,
 * so two changes of the same items wait for each other rather than deadlock.
 */
export function countInConditionStats(sales: SQL, sign: 1 | -1): SQL {
  return sql`insert into price_condition_stats (item_id, condition_id, sales_count, total_price_gbp)
    select x.item_id, x.condition_id, ${sign}::int * count(*), ${sign}::int * sum(x.price_gbp) from (${sales}) x
    group by x.item_id, x.condition_id order by x.item_id, x.condition_id
    on conflict (item_id, condition_id) do update
      set sales_count = price_condition_stats.sales_count + excluded.sales_count,
        total_price_gbp = price_condition_stats.total_price_gbp + excluded.total_price_gbp`
}

/** One sale counted into or out of its condition's statistics; a condition left with no sales has no row. */
export async function adjustConditionStats(
  db: Database,
  sale: { itemId: number; conditionId: number; priceGbp: string },
  sign: 1 | -1,
) {
  await db.execute(
    countInConditionStats(
      sql`select ${sale.itemId}::int as item_id, ${sale.conditionId}::int as condition_id, ${sale.priceGbp}::numeric as price_gbp`,
      sign,
    ),
  )
  if (sign < 0)
    await db.execute(sql`delete from price_condition_stats
      where item_id = ${sale.itemId} and condition_id = ${sale.conditionId} and sales_count = 0`)
}

/** A grade's snapshot `s` as the JSON text of its `GradeSummary`. */
const gradeSummaryJson = jsonObject({
  fairPrice: jsonPlainString(sql`s.fair_price_gbp::text`),
  confidence: jsonPlainString(sql`s.confidence`),
  basis: jsonPlainString(sql`s.basis`),
  trend: jsonPlainString(sql`s.trend::text`),
  volume30d: jsonLiteral(sql`s.volume30d`),
  lastSale: jsonPlainString(sql`s.last_sale_price::text`),
  lastSaleDate: jsonPlainString(sql`s.last_sale_date::text`),
  avg30d: jsonPlainString(sql`s.avg30d::text`),
  avg90d: jsonPlainString(sql`s.avg90d::text`),
  salesCount: jsonLiteral(sql`s.sales_count`),
  salesCount90d: jsonLiteral(sql`s.sales_count90d`),
  hasData: jsonLiteral(sql`s.fair_price_gbp is not null`),
  updatedAt: jsonTimestamp(sql`s.updated_at`),
})

/**
 * The requests of a batched read of items, as `r` (its `item` and other columns) in the order asked (`r.n`), each
 * with its item `i` — all nulls when there is no such item.
 */
const askedItems = (columns: { item: SQL } & Record<string, SQL>) =>
  sql`${unnestRows('r', columns, 'n')} left join items i on i.id = r.item`

/** The summaries of the items `r.item`, one row each in the order asked (`r.n`); no `i` without such an item. */
const priceSummariesStatement = builtPerShape<'items', { items: number[] }>(
  (_, p) => sql`select i.id is not null as "itemExists",
      (select ${gradeSummaryJson} from price_snapshots s where s.item_id = i.id and s.grade = 'new') as "newJson",
      (select ${gradeSummaryJson} from price_snapshots s where s.item_id = i.id and s.grade = 'used') as "usedJson",
      i.metadata -> 'marketplace' ->> 'soldPriceNew' as "marketplaceNew",
      i.metadata -> 'marketplace' ->> 'soldPriceUsed' as "marketplaceUsed",
      exists (select 1 from price_recompute_queue q where q.item_id = i.id) as updating
    from ${askedItems({ item: sql`${p.items}::int[]` })}
    order by r.n`,
)

interface PriceSummaryRow {
  newJson: string | null
  usedJson: string | null
  marketplaceNew: string | null
  marketplaceUsed: string | null
  updating: boolean
}

/**
 * The item's snapshot of each grade as the JSON text of its `GradeSummary` (null without one), its marketplace
 * prices and whether its prices are being recomputed, in one round trip; undefined when there is no such item.
 * The snapshots are written as text by PostgreSQL (db/json-text.ts), in a statement written once (ADR 027):
 * parsed and written out again, and the statement joined again at each run, they were a fifth of what the
 * server did for an item's prices (ADR 032). The summaries asked for at the same moment are read by one
 * statement (ADR 016): a statement each cost more of the two cores than reading the summary did.
 */
export const readPriceSummary: (db: Database, itemId: number) => Promise<PriceSummaryRow | undefined> =
  batchedPerDatabase(async (db: Database, items: readonly number[]) => {
    const rows = await queryRows<PriceSummaryRow & { itemExists: boolean }>(
      db,
      priceSummariesStatement('items', { items: [...items] }),
    )
    return rows.map(({ itemExists, ...row }) => (itemExists ? row : undefined))
  })

type ConditionStats = Array<{
  conditionId: number
  label: string
  grade: Grade
  count: number
  averageGbp: string
}>

/**
 * Per-condition counts and averages, most sales first; undefined when there is no such item. The items asked for
 * at the same moment are read by one statement, as their summaries are.
 */
export const readConditionStats: (db: Database, itemId: number) => Promise<ConditionStats | undefined> =
  batchedPerDatabase(async (db: Database, items: readonly number[]) => {
    const rows = await queryRows<{ stats: ConditionStats | null }>(
      db,
      conditionStatsStatement('items', { items: [...items] }),
    )
    return rows.map((row) => row.stats ?? undefined)
  })

/** The statistics of the items `r.item`, one row each in the order asked; null stats without such an item. */
const conditionStatsStatement = builtPerShape<'items', { items: number[] }>(
  (_, p) => sql`select case when i.id is not null then coalesce((select json_agg(json_build_object(
          'conditionId', p.condition_id, 'label', c.label, 'grade', c.grade, 'count', p.sales_count,
          'averageGbp', round(p.total_price_gbp / p.sales_count, 2)::text) order by p.sales_count desc, c.score desc)
        from price_condition_stats p join conditions c on c.id = p.condition_id where p.item_id = i.id), '[]') end as stats
      from ${askedItems({ item: sql`${p.items}::int[]` })}
      order by r.n`,
)

interface HistoryRow {
  points: string
  firstDay: string | null
  carried: string | null
  updatedAtJson: string
}

/**
 * The item's daily fair prices of a grade from `since` on (all without `since`), oldest first, as the JSON text
 * of `PriceHistory['points']`, with the first of their days, the price carried in from before `since`, and the
 * JSON text of `PriceHistory['updatedAt']` (the grade's snapshot's time, or null); nothing when the item does not
 * exist. Written as text by PostgreSQL (db/json-text.ts): a busy item's year is 365 points, which parsed and
 * written out again were the most of what the server did for it. The histories asked for at the same moment are
 * read by one statement, as the summaries are.
 */
export function readHistory(
  db: Database,
  itemId: number,
  grade: Grade,
  since: string | null,
): Promise<HistoryRow | undefined> {
  return readHistories(db, { itemId, grade, since })
}

const readHistories = batchedPerDatabase(
  async (db: Database, asked: ReadonlyArray<{ itemId: number; grade: Grade; since: string | null }>) => {
    const rows = await queryRows<HistoryRow & { itemExists: boolean }>(
      db,
      historyStatement('items', {
        items: asked.map((one) => one.itemId),
        grades: asked.map((one) => one.grade),
        sinces: asked.map((one) => one.since),
      }),
    )
    return rows.map(({ itemExists, ...row }) => (itemExists ? row : undefined))
  },
)

/** readHistories' statement: a row per request `r` (an item, a grade, and a first day or null), in order. */
const historyStatement = builtPerShape<
  'items',
  { items: number[]; grades: Grade[]; sinces: Array<string | null> }
>(
  (_, p) => sql`select i.id is not null as "itemExists", h.points, h.first_day as "firstDay",
      coalesce((select ${jsonTimestamp(sql`s.updated_at`)} from price_snapshots s
        where s.item_id = i.id and s.grade = r.grade), 'null') as "updatedAtJson",
      case when r.since is not null then (select c.fair_price_gbp::text from price_history c
        where c.item_id = i.id and c.grade = r.grade and c.day < r.since order by c.day desc limit 1) end as carried
    from ${askedItems({ item: sql`${p.items}::int[]`, grade: sql`${p.grades}::text[]`, since: sql`${p.sinces}::date[]` })}
    left join lateral (select min(h.day)::text as first_day, ${jsonArrayAgg(
      jsonObject({
        date: jsonPlainString(sql`h.day::text`),
        fairPrice: jsonPlainString(sql`h.fair_price_gbp::text`),
      }),
      sql`h.day`,
    )} as points
      from price_history h where h.item_id = i.id and h.grade = r.grade
        and h.day >= coalesce(r.since, '-infinity'::date)) h on true
    order by r.n`,
)

/** Holds the item and grade's price lock until the transaction ends. */
export async function lockPrices(db: Database, itemId: number, grade: Grade) {
  await db.execute(sql`select pg_advisory_xact_lock(${itemId}::int, ${ITEM_GRADE_LOCKS.prices[grade]}::int)`)
}
