import type { Database } from '#server/db/client.ts'
import { slugsFor } from '../items/items.write.service.ts'
import {
  type AliasRow,
  findItemsByNumber,
  findRetailPrices,
  findSetIds,
  findThemesByName,
  type ItemRow,
  type RetailPriceRow,
  type SetMinifigRow,
  upsertAliases,
  upsertItems,
  upsertRetailPrices,
  upsertSetMinifigs,
  upsertThemes,
} from './catalogue-bulk.repo.ts'
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
  rows: ReadonlyArray<{ setNumber: string; prices: ReadonlyArray<Omit<RetailPriceRow, 'itemId' | 'source'>> }>
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

/** The stored items among these (type, number) pairs, keyed `type|number`. */
export function storedItems({
  db,
  keys,
}: {
  db: Database
  keys: ReadonlyArray<{ type: 'set' | 'minifig'; number: string }>
}) {
  return findItemsByNumber(db, keys)
}

/**
 * Theme ids by lower-cased name, for the names that name one theme: a top-level theme of that name if there
 * is exactly one, else the only theme of that name. A name several themes share otherwise names none.
 */
export async function themeIdsByName({
  db,
  names,
}: {
  db: Database
  names: readonly string[]
}): Promise<Map<string, number>> {
  const themes = await findThemesByName(db, [...new Set(names)])
  const byName = new Map<string, typeof themes>()
  for (const theme of themes) {
    const key = theme.name.toLowerCase()
    byName.set(key, [...(byName.get(key) ?? []), theme])
  }
  const ids = new Map<string, number>()
  for (const [name, named] of byName) {
    const topLevel = named.filter((theme) => theme.parentId === null)
    const only = topLevel.length === 1 ? topLevel[0] : named.length === 1 ? named[0] : undefined
    if (only) ids.set(name, only.id)
  }
  return ids
}

/** The sets' ids by item number (`75192-1`), and their stored regional retail prices. */
export async function setsWithRetailPrices({ db, numbers }: { db: Database; numbers: readonly string[] }) {
  const ids = await findSetIds(db, [...new Set(numbers)])
  return { ids, prices: await findRetailPrices(db, [...ids.values()]) }
}

/** Regional retail prices of sets already matched, upserted by (item, region). */
export function writeMatchedRetailPrices({ db, prices }: { db: Database; prices: RetailPriceRow[] }) {
  return upsertRetailPrices(db, prices)
}
