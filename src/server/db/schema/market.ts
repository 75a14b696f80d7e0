import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { conditions, items } from './catalogue.ts'
import { identityId, money, ownerId, timestampDefaultNow } from './columns.ts'
import { importJobs } from './imports.ts'
import { sessions, users } from './users.ts'

export const collections = pgTable(
  'collections',
  {
    id: identityId(),
    userId: ownerId(),
    itemId: integer()
      .notNull()
      .references(() => items.id),
    conditionId: integer()
      .notNull()
      .references(() => conditions.id),
    /**
     * Price paid per item in GBP; the amount and currency as typed are kept beside it. Null when it is not
     * known (an imported file that names no price): unknown is not free, so such an entry has no cost and
     * no profit or loss.
     */
    pricePaid: money(),
    originalPrice: money(),
    currency: char({ length: 3 }),
    purchaseDate: date(),
    quantity: integer().notNull().default(1),
    documentedPurchase: boolean().notNull().default(false),
    /** The user's own notes (imported from a file's notes or remarks). */
    notes: text(),
    /** Where an imported entry came from (an import format, e.g. 'bricklink-inventory'); null when typed in. */
    source: text(),
    /** The entry's identity in that source (a lot id, a row's key), so a re-import merges instead of adding. */
    sourceRef: text(),
    /** The source's own word for the condition ('UsedAsNew', 'usedg', 'N/S'), kept beside ours. */
    sourceCondition: text(),
    /** The import that last wrote the entry. */
    importId: uuid().references(() => importJobs.id, { onDelete: 'set null' }),
    createdAt: timestampDefaultNow(),
    updatedAt: timestampDefaultNow(),
    /*
     * Copies that let one user's collection be valued from its own rows (ADR 021): the condition's grade, the
     * item's type and theme, and the fair price of that grade. Never written by the app: database triggers
     * (migration 0019) fill them as an entry is written, and follow the item, and its snapshot as prices are
     * recomputed, in the same transaction.
     */
    grade: text(),
    itemType: text(),
    itemTheme: text(),
    fairPriceGbp: money(),
    previousFairPriceGbp: money(),
    /** When the price was last written: on the snapshot's day, no later than its time (ADR 046). */
    priceUpdatedAt: timestamp({ withTimezone: true }),
    priceConfidence: text(),
    /**
     * The entry as a collection page writes it, in three pieces of JSON text written by the database whenever
     * what they show is (migrations 0029 and 0031, ADRs 029 and 031), so that a page of fifty entries splices
     * them instead of writing every value out: its own fields and its condition (an unclosed object); its
     * valuation at its fair price; and the 24-hour change on the day that price was recomputed, which closes the
     * object. A page writes the change itself on a later day (none since), and the valuation of an entry
     * valued at its retail estimate.
     */
    pageJson: text().notNull(),
    valuationJson: text().notNull(),
    changeJson: text().notNull(),
  },
  (table) => [
    // With the id: a page in the order entries were added (newest first, ties by id) is read from it.
    index('collections_user_idx').on(table.userId, table.createdAt, table.id),
    // A page by value, most valuable first, is read from it (the value without a retail estimate, as the
    // collection's reads write it): the rest of the entries are not valued to find the first 50.
    index('collections_user_value_idx').on(
      table.userId,
      sql`(${table.fairPriceGbp} * ${table.quantity}) desc nulls last`,
      sql`${table.id} desc`,
    ),
    // The entries a retail estimate may value: only these are valued on each read (ADR 023).
    index('collections_unpriced_idx').on(table.userId).where(sql`${table.fairPriceGbp} is null`),
    index('collections_item_idx').on(table.itemId),
    uniqueIndex('collections_source_ref_key')
      .on(table.userId, table.source, table.sourceRef)
      .where(sql`${table.sourceRef} is not null`),
  ],
)

/** What the collection totals count (ADR 023): fresh column builders for each table that keeps them. */
const countedColumns = () => ({
  entries: integer().notNull(),
  items: bigint({ mode: 'number' }).notNull(),
  setItems: bigint({ mode: 'number' }).notNull(),
  minifigItems: bigint({ mode: 'number' }).notNull(),
  value: numeric().notNull(),
  cost: numeric().notNull(),
  unknownCostEntries: integer().notNull(),
  unknownCostValue: numeric().notNull(),
})

/**
 * Each user's collection summed by theme and by whether its entries have a fair price (ADR 023), so that
 * the summary of a 1,000-entry collection is read from a few rows instead of valuing every entry. Never
 * written by the app: database triggers (migration 0020) keep it in the writer's transaction, whatever
 * writes the entries or their copied prices. Amounts are pounds; `value` counts fair prices only (an
 * unpriced entry adds its count and cost), `unknownCost*` the entries whose price paid is not known. No
 * foreign key: a deleted user's entries take their rows with them through the same trigger.
 */
export const collectionTotals = pgTable(
  'collection_totals',
  {
    userId: uuid().notNull(),
    theme: text().notNull(),
    priced: boolean().notNull(),
    ...countedColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.theme, table.priced] }),
    // The most valuable themes of a collection, read from the top of the index (migration 0023).
    index('collection_totals_top_themes_idx').on(table.userId, table.value.desc(), table.theme),
  ],
)

/**
 * The same totals summed over every theme: one row per user and pricedness, kept by the same trigger
 * (migration 0023), so that the summary is read from two rows, not from one per theme.
 */
export const collectionUserTotals = pgTable(
  'collection_user_totals',
  {
    userId: uuid().notNull(),
    priced: boolean().notNull(),
    ...countedColumns(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.priced] })],
)

/**
 * The 24-hour change of each user's collection on the day its prices were recomputed (ADR 023): an entry's
 * change counts only on the day of its price's last recompute, so only today's row is ever read, and the
 * trigger that keeps it drops the user's earlier days.
 */
export const collectionDailyChanges = pgTable(
  'collection_daily_changes',
  {
    userId: uuid().notNull(),
    day: date().notNull(),
    change: numeric().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
)

/**
 * What a user wants to own: an item, the grade they want (null: either), how many, and the most they would
 * pay. Filled by importing a wanted list (BrickLink's wanted-list XML, Brickset's wanted column…).
 */
export const wantedItems = pgTable(
  'wanted_items',
  {
    id: identityId(),
    userId: ownerId(),
    itemId: integer()
      .notNull()
      .references(() => items.id),
    grade: text({ enum: ['new', 'used'] }),
    quantity: integer().notNull().default(1),
    /** How many of the wanted quantity the user already has (BrickLink's QTYFILLED). */
    quantityFilled: integer().notNull().default(0),
    /** The most the user would pay per item, in GBP; the amount and currency as typed beside it. Null: no limit. */
    maxPrice: money(),
    maxPriceOriginal: money(),
    currency: char({ length: 3 }),
    notes: text(),
    source: text(),
    sourceRef: text(),
    importId: uuid().references(() => importJobs.id, { onDelete: 'set null' }),
    createdAt: timestampDefaultNow(),
    updatedAt: timestampDefaultNow(),
  },
  (table) => [
    index('wanted_items_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('wanted_items_source_ref_key')
      .on(table.userId, table.source, table.sourceRef)
      .where(sql`${table.sourceRef} is not null`),
  ],
)

export const sales = pgTable(
  'sales',
  {
    id: identityId(),
    itemId: integer()
      .notNull()
      .references(() => items.id),
    conditionId: integer()
      .notNull()
      .references(() => conditions.id),
    /** The condition's grade, kept on the sale so a fair price reads one index range. */
    grade: text({ enum: ['new', 'used'] }).notNull(),
    priceGbp: money().notNull(),
    currency: char({ length: 3 }).notNull().default('GBP'),
    originalPrice: money().notNull(),
    saleDate: date().notNull(),
    source: text().notNull(),
    sourceRef: text(),
    proofUrl: text(),
    status: text({ enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    submitterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    verifiedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampDefaultNow(),
    /**
     * The sale's own fields and condition as the Sales History writes them: an unclosed JSON object, written by
     * the database at every insert and update (migration 0028, ADR 029; by the statement that records sales,
     * migration 0039, ADR 044). A page splices in who submitted the sale (when the viewer may know) and why it was
     * rejected, instead of writing fifty sales out again. None for the rare sale whose text is too long for the
     * index that carries it (migration 0038, ADR 043): its page writes it from `sale_page_text` when it is read.
     */
    pageJson: text(),
  },
  (table) => [
    // The verified sales a fair price reads, by item, grade and day, carrying the price and id: a recompute reads
    // a popular item's thousands of sales from the index alone (ADR 026; only verified sales, so the index is
    // smaller and the others never enter it).
    index('sales_verified_prices_idx')
      .on(table.itemId, table.grade, table.saleDate, table.priceGbp, table.id)
      .where(sql`${table.status} = 'verified'`),
    // The Sales History tab's pages, newest first (read backwards): a page reads its 50 rows, not every sale of
    // a popular item. Status and submitter say from the index alone which sales a viewer may see, so the rows a
    // deep page skips are never read from the table. It also carries each sale's page text (`INCLUDE (page_json)`,
    // migration 0038, ADR 043; Drizzle cannot declare it), so a page reads no table row at all.
    index('sales_item_date_id_idx').on(
      table.itemId,
      table.saleDate,
      table.id,
      table.status,
      table.submitterId,
    ),
    // The review queue: pending sales oldest first, rejected ones newest first. Verified sales, nearly all of them,
    // are never listed by status.
    index('sales_status_created_idx')
      .on(table.status, table.createdAt)
      .where(sql`${table.status} <> 'verified'`),
    // The few sales not (yet) verified, by item and submitter: the Sales History's count adds the ones its
    // viewer may see to the verified ones counted in price_condition_stats, without counting a popular item's
    // thousands of sales (issue 13).
    index('sales_unverified_item_submitter_idx')
      .on(table.itemId, table.submitterId)
      .where(sql`${table.status} <> 'verified'`),
    uniqueIndex('sales_duplicate_key')
      .on(table.itemId, table.originalPrice, table.currency, table.saleDate, table.sourceRef)
      .where(sql`${table.sourceRef} is not null`),
    // A sale typed in without a reference is one sale per submitter, item, condition, price, currency and
    // day: a double click or a replayed request must not count twice and move the fair price.
    uniqueIndex('sales_manual_duplicate_key')
      .on(
        table.submitterId,
        table.itemId,
        table.conditionId,
        table.originalPrice,
        table.currency,
        table.saleDate,
      )
      .where(sql`${table.sourceRef} is null`),
  ],
)

/** Fair price per item and condition grade, recomputed whenever the item's verified sales change. */
export const priceSnapshots = pgTable(
  'price_snapshots',
  {
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    grade: text({ enum: ['new', 'used'] }).notNull(),
    fairPriceGbp: money(),
    lastSalePrice: money(),
    lastSaleDate: date(),
    avg30d: money(),
    avg90d: money(),
    volume30d: integer().notNull().default(0),
    salesCount90d: integer().notNull().default(0),
    salesCount: integer().notNull().default(0),
    /**
     * Percent change of the 30-day average against the 30 days before it. Sized for the largest change
     * prices can make rather than clamped, so the figure shown is the true one: from 1p to the largest
     * price (99,999,999.99) is +999,999,999,800.00 %, 12 digits before the point; the fall is at most -100 %.
     */
    trend: numeric({ precision: 14, scale: 2 }),
    confidence: text({ enum: ['HIGH', 'MEDIUM', 'LOW'] })
      .notNull()
      .default('LOW'),
    /** The fair price at the end of the day before `updatedAt`'s day, for the 24-hour change. */
    previousFairPriceGbp: money(),
    /** Which sales the fair price stands on: '90d', '365d', 'all', 'marketplace' or 'none'. */
    basis: text({ enum: ['90d', '365d', 'all', 'marketplace', 'none'] })
      .notNull()
      .default('none'),
    basisCount: integer().notNull().default(0),
    updatedAt: timestampDefaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.grade] })],
)

/**
 * The fair price of an item and grade as of a day: one point for each day it had a verified sale,
 * and one for each day it was recomputed. Feeds price charts and the collection's 24-hour change.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    grade: text({ enum: ['new', 'used'] }).notNull(),
    day: date().notNull(),
    fairPriceGbp: money().notNull(),
    salesCount: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.grade, table.day] })],
)

/** Verified sales of an item per condition: the item page's "price by condition". */
export const priceConditionStats = pgTable(
  'price_condition_stats',
  {
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    conditionId: integer()
      .notNull()
      .references(() => conditions.id, { onDelete: 'cascade' }),
    salesCount: integer().notNull(),
    /**
     * Sum of the prices, so each sale updates the stats exactly without reading the others. Sized for
     * `salesCount` (an integer, at most 2,147,483,647) sales at the largest price, 99,999,999.99: 18 digits
     * before the point.
     */
    totalPriceGbp: numeric({ precision: 20, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.conditionId] })],
)

export const alerts = pgTable(
  'alerts',
  {
    id: identityId(),
    userId: ownerId(),
    itemId: integer()
      .notNull()
      .references(() => items.id),
    conditionId: integer()
      .notNull()
      .references(() => conditions.id),
    direction: text({ enum: ['below', 'above'] })
      .notNull()
      .default('below'),
    /**
     * The threshold as the user entered it, in `currency` (their display currency then): it is compared with
     * the fair price converted into that currency, so a rate change never moves what the user asked for.
     */
    thresholdValue: money().notNull(),
    currency: char({ length: 3 }).notNull().default('GBP'),
    active: boolean().notNull().default(true),
    /**
     * A paused alert's time to resume by itself (a snooze); null: paused until its owner resumes it, or active.
     * The alert-resume job resumes it as its owner would, checking the price as it is then.
     */
    pausedUntil: timestamp({ withTimezone: true }),
    /**
     * Ready to fire: false from the moment it fires until the fair price has moved back past the threshold by
     * the re-arm margin (DESIGN §5), so oscillation and exchange-rate jitter never repeat it.
     */
    armed: boolean().notNull().default(true),
    lastTriggered: timestamp({ withTimezone: true }),
    createdAt: timestampDefaultNow(),
  },
  (table) => [
    index('alerts_user_idx').on(table.userId),
    index('alerts_item_active_idx').on(table.itemId, table.active),
    index('alerts_paused_until_idx').on(table.pausedUntil).where(sql`${table.pausedUntil} is not null`),
    check('alerts_paused_until_only_paused', sql`${table.pausedUntil} is null or not ${table.active}`),
    // A recompute reads only the alerts its price could change, by range (ADR 039): of an item's 10,000, the
    // armed ones on the firing side of the price and the fired ones back on the other side.
    index('alerts_evaluate_idx')
      .on(table.itemId, table.currency, table.direction, table.armed, table.thresholdValue)
      .where(sql`${table.active}`),
    // One alert per item, condition, direction and threshold: the same one twice is a 409.
    uniqueIndex('alerts_user_item_condition_direction_threshold_key').on(
      table.userId,
      table.itemId,
      table.conditionId,
      table.direction,
      table.thresholdValue,
      table.currency,
    ),
  ],
)

/**
 * Each time an alert fired: the fair price that crossed its threshold, in pounds and in the alert's currency
 * at that moment's rate, with the threshold as it then was. The user's notifications (read or not) are these.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: identityId(),
    alertId: integer()
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    itemId: integer()
      .notNull()
      .references(() => items.id),
    conditionId: integer()
      .notNull()
      .references(() => conditions.id),
    direction: text({ enum: ['below', 'above'] }).notNull(),
    thresholdValue: money().notNull(),
    currency: char({ length: 3 }).notNull(),
    priceGbp: money().notNull(),
    /** The fair price in the alert's currency, at the rate of the moment it fired (yen run large: wider). */
    price: numeric({ precision: 20, scale: 2 }).notNull(),
    readAt: timestamp({ withTimezone: true }),
    /**
     * When e-mail was done with it: its message went out (immediately or in a digest), or none ever will
     * (e-mail off, no address, too old; ADR 015). Null while it waits.
     */
    emailedAt: timestamp({ withTimezone: true }),
    /**
     * When push was done with it: its notification went to the user's devices, or none ever will (no device,
     * too old; ADR 053). Null while it waits.
     */
    pushedAt: timestamp({ withTimezone: true }),
    createdAt: timestampDefaultNow(),
  },
  (table) => [
    index('alert_events_user_idx').on(table.userId, table.createdAt),
    index('alert_events_alert_idx').on(table.alertId),
    // The mailer's outbox: the events no e-mail has told of yet.
    index('alert_events_unemailed_idx').on(table.userId, table.id).where(sql`${table.emailedAt} is null`),
    // The pusher's outbox: the events no push notification has told of yet.
    index('alert_events_unpushed_idx').on(table.id).where(sql`${table.pushedAt} is null`),
  ],
)

/**
 * The browsers a user turned push notifications on in (ADR 053): each is a push service's endpoint and the
 * keys its messages are encrypted to (RFC 8291). An endpoint belongs to one browser profile, so to the user who
 * last turned it on there, for as long as that session lasts.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: identityId(),
    userId: ownerId(),
    /**
     * The session it was turned on in: when that session ends (signed out there or from another browser, or
     * expired), the browser gets no more of the user's notifications.
     */
    sessionSid: text()
      .notNull()
      .references(() => sessions.sid, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key and auth secret, base64url, as `PushSubscription.toJSON()` gives them. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestampDefaultNow(),
  },
  (table) => [
    index('push_subscriptions_user_idx').on(table.userId),
    // A session's end takes its browser's subscription with it.
    index('push_subscriptions_session_idx').on(table.sessionSid),
  ],
)

/**
 * Items whose verified sales changed and whose prices wait to be recomputed (DESIGN §5: recompute after
 * commit). A sale's transaction appends a row; a worker takes an item's rows with SKIP LOCKED, recomputes
 * once from the earliest `fromDay`, and deletes them. Append-only, so recording a sale never waits on a worker.
 */
export const priceRecomputeQueue = pgTable(
  'price_recompute_queue',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    grade: text({ enum: ['new', 'used'] }).notNull(),
    /** The day of the sale that changed: history is recomputed from there on. */
    fromDay: date().notNull(),
    /**
     * The sale this change added to the verified ones, when that is all it did (a sale recorded verified); null
     * for any other change. A worker that keeps the pair's sales in memory adds it rather than reading them all.
     */
    saleId: bigint({ mode: 'number' }),
    /** When the change committed (clock time, not the transaction's start): freshness is measured from here. */
    enqueuedAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [index('price_recompute_queue_item_idx').on(table.itemId, table.grade)],
)

/** In-app notifications, e.g. a price alert that fired. */
export const notifications = pgTable(
  'notifications',
  {
    id: identityId(),
    userId: ownerId(),
    kind: text().notNull(),
    title: text().notNull(),
    body: text(),
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestampDefaultNow(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt)],
)

/** Daily exchange rates: how many units of `currency` one GBP buys is 1 / rateToGbp. */
export const fxRates = pgTable(
  'fx_rates',
  {
    date: date().notNull(),
    currency: char({ length: 3 }).notNull(),
    /** Value of one unit of `currency` in GBP. */
    rateToGbp: numeric({ precision: 14, scale: 6 }).notNull(),
    fetchedAt: timestampDefaultNow(),
  },
  (table) => [primaryKey({ columns: [table.date, table.currency] })],
)
