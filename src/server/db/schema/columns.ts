import { integer, numeric, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/** Column shapes several tables share. Each call builds a new column: Drizzle columns belong to one table. */

export const identityId = () => integer().primaryKey().generatedAlwaysAsIdentity()

/** The user a row belongs to; it goes with the account. */
export const ownerId = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

export const timestampDefaultNow = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/** An amount of money in pounds (DESIGN §3). */
export const money = () => numeric({ precision: 10, scale: 2 })

/** The largest amount `money()` holds. */
export const MAX_MONEY = '99999999.99'
