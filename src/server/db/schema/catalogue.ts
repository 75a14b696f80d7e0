import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { identityId, timestampDefaultNow } from './columns.ts'
import { users } from './users.ts'

/** Theme tree (Rebrickable's ids are kept so imports merge); `rootName` is the top-level theme's name. */
export const themes = pgTable(
  'themes',
  {
    id: integer().primaryKey(),
    name: text().notNull(),
    parentId: integer().references((): AnyPgColumn => themes.id),
    /** Ids from the root down to this theme, inclusive: lets a filter on a parent include sub-themes. */
    path: integer().array().notNull(),
    rootName: text().notNull(),
    era: text(),
    complexity: text(),
    colorScheme: text(),
  },
  (table) => [
    index('themes_parent_idx').on(table.parentId),
    index('themes_path_idx').using('gin', table.path),
  ],
)

export const items = pgTable(
  'items',
  {
    id: identityId(),
    type: text({ enum: ['set', 'minifig'] }).notNull(),
    name: text().notNull(),
    normalizedName: text().notNull(),
    number: text().notNull(),
    normalizedCode: text().notNull(),
    slug: text().notNull(),
    theme: text().notNull(),
    themeId: integer().references(() => themes.id),
    year: integer(),
    pieces: integer(),
    minifigures: integer(),
    /** Retail price in GBP (DESIGN §3); the amount and currency as typed are kept beside it. */
    originalMsrp: numeric({ precision: 10, scale: 2 }),
    msrpOriginalAmount: numeric({ precision: 10, scale: 2 }),
    msrpCurrency: char({ length: 3 }),
    imageUrl: text(),
    variantOf: integer().references((): AnyPgColumn => items.id, { onDelete: 'set null' }),
    metadata: jsonb().$type<Record<string, unknown>>(),
    /** Who added the item; they may edit it (DESIGN §4). Null for imported and seeded items. */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampDefaultNow(),
    updatedAt: timestampDefaultNow(),
  },
  (table) => [
    uniqueIndex('items_slug_key').on(table.slug),
    uniqueIndex('items_type_number_key').on(table.type, table.number),
    index('items_type_year_idx').on(table.type, table.year),
    // The lists' order, so a page is an index range with a limit rather than a sort of the catalogue.
    index('items_type_year_number_idx').on(table.type, table.year.desc().nullsLast(), table.number),
    index('items_theme_year_idx').on(table.themeId, table.year),
    index('items_theme_id_idx').on(table.themeId),
    index('items_type_theme_idx').on(table.type, table.theme),
    index('items_variant_of_idx').on(table.variantOf),
    index('items_normalized_code_prefix_idx').using('btree', table.normalizedCode.op('text_pattern_ops')),
  ],
)

/**
 * A set's official retail price per region (LEGO.com's list price there, in that region's currency) and
 * when it was on sale, e.g. from Brickset's set data (DESIGN §3, issue 12).
 */
export const retailPrices = pgTable(
  'retail_prices',
  {
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    region: text({ enum: ['US', 'UK', 'CA', 'DE'] }).notNull(),
    amount: numeric({ precision: 10, scale: 2 }).notNull(),
    currency: char({ length: 3 }).notNull(),
    firstAvailable: date({ mode: 'string' }),
    lastAvailable: date({ mode: 'string' }),
    /** Where the price came from, e.g. 'brickset'. */
    source: text().notNull(),
    updatedAt: timestampDefaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.region] })],
)

export const itemAliases = pgTable(
  'item_aliases',
  {
    id: identityId(),
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    aliasText: text().notNull(),
    normalizedAlias: text().notNull(),
  },
  (table) => [
    uniqueIndex('item_aliases_item_alias_key').on(table.itemId, table.normalizedAlias),
    index('item_aliases_normalized_idx').on(table.normalizedAlias),
  ],
)

export const itemTags = pgTable(
  'item_tags',
  {
    id: identityId(),
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    tagText: text().notNull(),
    addedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampDefaultNow(),
  },
  (table) => [index('item_tags_item_idx').on(table.itemId)],
)

export const setMinifigures = pgTable(
  'set_minifigures',
  {
    id: identityId(),
    setId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    minifigId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    quantity: integer().notNull().default(1),
  },
  (table) => [
    uniqueIndex('set_minifigures_set_minifig_key').on(table.setId, table.minifigId),
    index('set_minifigures_minifig_idx').on(table.minifigId),
  ],
)

export const itemRequests = pgTable(
  'item_requests',
  {
    id: identityId(),
    type: text({ enum: ['set', 'minifig'] }).notNull(),
    name: text().notNull(),
    code: text(),
    theme: text(),
    year: integer(),
    imageUrl: text(),
    submittedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Where the request came from, e.g. 'import' (an unknown number in an imported file). */
    origin: text(),
    /** The moderator who approved or rejected it, when, why (a rejection's reason), and the item made. */
    reviewedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    notes: text(),
    itemId: integer().references(() => items.id, { onDelete: 'set null' }),
    createdAt: timestampDefaultNow(),
  },
  (table) => [
    index('item_requests_status_idx').on(table.status, table.createdAt),
    // One open request per number: a second import of the same unknown number joins the first.
    uniqueIndex('item_requests_pending_code_key')
      .on(table.type, sql`lower(${table.code})`)
      .where(sql`${table.status} = 'pending'`),
  ],
)

export const conditions = pgTable(
  'conditions',
  {
    id: identityId(),
    category: text({ enum: ['set', 'minifig'] }).notNull(),
    label: text().notNull(),
    description: text(),
    score: integer().notNull(),
    /** Which fair price (new or used) a sale or collection entry in this condition feeds. */
    grade: text({ enum: ['new', 'used'] }).notNull(),
  },
  (table) => [uniqueIndex('conditions_category_label_key').on(table.category, table.label)],
)
