import type { Database } from '#server/db/client.ts'
import { slugsFor } from '../items/items.write.service.ts'
import {
  type AliasRow,
  findSetIds,
  type ItemRow,
  type RetailPriceRow,
  type SetMinifigRow,
  upsertAliases,
  upsertItems,
  upsertRetailPrices,
  upsertSetMinifigs,
  upsertThemes,
} from './catalogue-bulk.repo.ts'
import type { BricksetRetailRow } from './formats/brickset-sets.ts'
import { type ThemeRow, themeTree } from './theme-tree.ts'
import type { WriteCounts } from './write-counts.ts'

/**
 * Bulk catalogue writes (the Rebrickable importer, the demo seed): idempotent upserts by id or number,
 * each in the caller's transaction.
 */

/** Themes with their tree: paths, root names, parents first. */
export function writeThemes({ db, themes }: { db: Database; themes: ThemeRow[] }): Promise<WriteCounts> {
  return upsertThemes(db, themeTree(themes))
}

/** Sets and minifigures by (type, number); new ones get their slugs from the items module's rule. */
export async function writeItems({ db, items }: { db: Database; items: ItemRow[] }): Promise<WriteCounts> {
  if (items.length === 0) return upsertItems(db, items, [])
  return upsertItems(db, items, await slugsFor({ db, items }))
}

export function writeAliases({ db, aliases }: { db: Database; aliases: AliasRow[] }): Promise<WriteCounts> {
  return upsertAliases(db, aliases)
}

export function writeSetMinifigs({ db, links }: { db: Database; links: SetMinifigRow[] }) {
  return upsertSetMinifigs(db, links)
}

/**
 * Regional retail prices onto the catalogue's sets, matched by set number (`75192-1`); returns what was
 * written and which set numbers are not in the catalogue.
 */
export async function writeRetailPrices({
  db,
  rows,
  source,
}: {
  db: Database
  rows: readonly BricksetRetailRow[]
  source: string
}): Promise<{ counts: WriteCounts; unmatched: string[] }> {
  const ids = await findSetIds(db, [...new Set(rows.map((row) => row.setNumber))])
  const prices: RetailPriceRow[] = []
  const unmatched: string[] = []
  for (const row of rows) {
    const itemId = ids.get(row.setNumber)
    if (itemId === undefined) unmatched.push(row.setNumber)
    else for (const price of row.prices) prices.push({ itemId, ...price, source })
  }
  return { counts: await upsertRetailPrices(db, prices), unmatched }
}
