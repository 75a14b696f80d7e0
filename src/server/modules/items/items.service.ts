import type { Database } from '#server/db/client.ts'
import { notFound } from '#server/errors.ts'
import type {
  ItemDetail,
  ListItemsQuery,
  SearchItemsQuery,
  SearchResult,
} from '#shared/contract/catalogue.ts'
import type { LiveCatalogue } from './items.index.live.ts'
import { type Catalogue, itemTextIn } from './items.index.rows.ts'
import { minifigThemeNames } from './items.repo.ts'
import { searchTerms } from './items.search.ts'

/** An item as the lists show it: all of it. */
const listedText = itemTextIn((item) => item)

/** An item as a quick search result. */
const resultText = itemTextIn(
  (item): SearchResult => ({
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
  }),
)

/**
 * A list page or, with `query`, ranked search (`ListItemsResponse` as JSON text): chosen, counted and shown
 * from memory (ADR 021), each item's text kept with it.
 */
export async function listCatalogue({
  catalogue,
  query,
}: {
  catalogue: Catalogue
  query: ListItemsQuery
}): Promise<string> {
  const filters = {
    type: query.type,
    themeId: query.themeId,
    theme: query.theme,
    year: query.year,
    set: query.set,
  }
  const { ids, total } = query.query
    ? await catalogue.search(searchTerms(query.query), filters, query.offset, query.limit)
    : catalogue.index.list(query, query.offset, query.limit)
  return `{"items":[${catalogue.items(ids).map(listedText).join(',')}],"total":${total}}`
}

/** The minifigures' theme filter, from every minifigure in the catalogue (not a page of them). */
export function minifigThemes({ db }: { db: Database }): Promise<string[]> {
  return minifigThemeNames(db)
}

/** The quick search's best matches (`SearchItemsResponse` as JSON text). */
export async function searchCatalogue({
  catalogue,
  query,
}: {
  catalogue: Catalogue
  query: SearchItemsQuery
}): Promise<string> {
  const items = catalogue.items(await catalogue.best(searchTerms(query.query), query.limit))
  return `{"results":[${items.map(resultText).join(',')}]}`
}

/** An item's page, from the catalogue in memory (ADR 024). */
export async function itemPage({
  catalogue,
  slug,
}: {
  catalogue: LiveCatalogue
  slug: string
}): Promise<ItemDetail> {
  const page = await catalogue.page(slug)
  if (!page) throw notFound('Item not found')
  return page
}
