import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { items } from './catalogue.ts'

/**
 * Where each market feed (BrickLink's sold price guide, BrickEconomy's values) stands with each item: when it
 * last fetched it, and after a failure when it may try again. Kept in PostgreSQL so that whichever instance
 * runs the feed next carries on where the last one stopped.
 */
export const feedItemState = pgTable(
  'feed_item_state',
  {
    provider: text({ enum: ['bricklink', 'brickeconomy'] }).notNull(),
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** When the provider last answered for the item (data or a definite "no sales"). */
    lastFetchedAt: timestamp({ withTimezone: true }),
    /** Not before this after a failure (404, 429, 5xx, a timeout, a garbled answer): the back-off. */
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** Failures in a row since the last success: the back-off doubles with each. */
    failures: integer().notNull().default(0),
    /** What the last attempt came to ('ok', 'no-data', 'not-found', 'rate-limited', …), for operators. */
    lastOutcome: text(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.itemId] })],
)

/** Calls made to each provider per UTC day, counted before each call, against the provider's daily quota. */
export const feedDailyCalls = pgTable(
  'feed_daily_calls',
  {
    provider: text({ enum: ['bricklink', 'brickeconomy'] }).notNull(),
    day: date().notNull(),
    calls: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.provider, table.day] })],
)
