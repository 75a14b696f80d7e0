import type { Database } from '#server/db/client.ts'
import { notFound } from '#server/errors.ts'
import type {
  ItemDetail,
  ListItemsQuery,
  SearchItemsQuery,
  SearchResult,
} from '#shared/contract/catalogue.ts'
import { findItemBySlug, listItems, minifigThemeNames, searchItems } from './items.repo.ts'
import { searchTerms } from './items.search.ts'

export async function listCatalogue({ db, query }: { db: Database; query: ListItemsQuery }) {
  if (query.query) return searchItems(db, searchTerms(query.query), query)
  return listItems(db, query)
}

/** The minifigures' theme filter, from every minifigure in the catalogue (not a page of them). */
export function minifigThemes({ db }: { db: Database }): Promise<string[]> {
  return minifigThemeNames(db)
}

export async function searchCatalogue({
  db,
  query,
}: {
  db: Database
  query: SearchItemsQuery
}): Promise<{ results: SearchResult[] }> {
  const { items } = await searchItems(db, searchTerms(query.query), { limit: query.limit, offset: 0 })
  return {
    results: items.map((item) => ({
      id: item.id,
      type: item.type,
      name: item.name,
      code: item.number,
      number: item.number,
      slug: item.slug,
      theme: item.theme,
      year: item.year,
      imageUrl: item.imageUrl,
      originalMsrp: item.originalMsrp,
      retailPrices: item.retailPrices,
      createdAt: item.createdAt,
    })),
  }
}

export async function getItemDetail({ db, slug }: { db: Database; slug: string }): Promise<ItemDetail> {
  const found = await findItemBySlug(db, slug)
  if (!found) throw notFound('Item not found')
  const { linkedMinifigures: minifigures, linkedSets: sets, variants, ...item } = found
  const linkedCount = minifigures.reduce((sum, link) => sum + link.quantity, 0)
  return {
    ...item,
    // A set's own figure count (from the catalogue) wins; linked figures fill in when it is unknown.
    minifigureCount: item.type === 'set' ? (item.minifigures ?? linkedCount) : sets.length,
    setLinks: { minifigures, sets },
    variants,
  }
}
