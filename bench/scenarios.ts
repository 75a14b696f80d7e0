import type { RequestSpec } from './load.ts'

/**
 * What `npm run bench` loads, with DESIGN §9's budgets. Later issues add rows here.
 */
export interface Scenario {
  name: string
  /** p99 budget in milliseconds at 50 connections on PostgreSQL; none for an informational row. */
  budgetP99Ms?: number
  /** Concurrent connections, when not the run's (50 by default). */
  connections?: number
  /** A write row: sample freshness (commit → snapshot) while it runs. */
  freshness?: boolean
  /** A `--cold` row (DESIGN §9): thousands of distinct requests, run with the read cache off. */
  cold?: boolean
  requests: (sample: CatalogueSample, session: BenchSession) => RequestSpec[]
}

export interface CatalogueSample {
  slugs: string[]
  themeYears: { themeId: number; year: number }[]
  /** Numbers of sets that have minifigures. */
  setsWithFigures: string[]
  /** Items with many sales, and items picked at random (most have few). */
  popularItemIds: number[]
  randomItemIds: number[]
  /** A set condition id, for recording sales of sets. */
  setConditionId: number
  /** Posts to page on from (feed cursors), and items with community photos. */
  postCursors: string[]
  postItemIds: number[]
  /** `--cold`: 5,000 distinct prefixes of real set and minifigure names and numbers, as typed. */
  searchPrefixes: string[]
  /** `--cold`: every root theme with each of its years, every root theme alone and every year alone. */
  everyThemeYear: { themeId?: number; year?: number }[]
  /** `--cold`: 5,000 different items. */
  coldItems: { id: number; slug: string }[]
  /** For each collector (`BenchSession.collectors`), one of their entries' ids: the cold row changes it. */
  collectorEntryIds: string[]
}

export interface BenchSession {
  /** Cookie header of a signed-in trusted member (their sales are verified on entry). */
  cookie: string
  /** Cookie headers of collectors with 1,000-entry collections. */
  collectors: string[]
}

/** Twenty queries collectors type: numbers, names, typos and minifigure codes. */
export const SEARCH_QUERIES = [
  '75192',
  'falcon',
  'millenium falcon',
  'sw0001',
  'hogwarts',
  'death star',
  '10497',
  'batman',
  'ninjago city',
  'x-wing',
  'lamborghini',
  'titanic',
  'darth vader',
  'police station',
  '42115',
  'harry potter',
  'at-at',
  'spider-man',
  'star destroyer',
  'boba fett',
]

const get = (path: string): RequestSpec => ({ method: 'GET', path })

/** The 100 popular items and the 100 random ones, alternately (the item pages' and the sales' mix). */
const pageItems = (sample: CatalogueSample) =>
  sample.popularItemIds.slice(0, 100).flatMap((id, index) => [id, sample.randomItemIds[index] ?? id])

export const scenarios: Scenario[] = [
  {
    name: 'search /api/search/items',
    budgetP99Ms: 15,
    requests: () =>
      SEARCH_QUERIES.map((query) => get(`/api/search/items?query=${encodeURIComponent(query)}&limit=10`)),
  },
  {
    name: 'search /api/items?query=',
    budgetP99Ms: 15,
    requests: () =>
      SEARCH_QUERIES.map((query) => get(`/api/items?query=${encodeURIComponent(query)}&limit=10`)),
  },
  {
    name: 'sets list, theme + year filter',
    budgetP99Ms: 20,
    requests: ({ themeYears }) =>
      themeYears.map(({ themeId, year }) =>
        get(`/api/items?type=set&limit=50&offset=0&themeId=${themeId}&year=${year}`),
      ),
  },
  {
    name: 'sets list, pages 1-20',
    budgetP99Ms: 20,
    requests: () =>
      Array.from({ length: 20 }, (_, page) => get(`/api/items?type=set&limit=50&offset=${page * 50}`)),
  },
  {
    name: 'minifigures of a set (?set=)',
    budgetP99Ms: 20,
    requests: ({ setsWithFigures }) =>
      setsWithFigures.map((set) => get(`/api/items?type=minifig&limit=50&set=${set}`)),
  },
  {
    name: 'item detail by slug',
    budgetP99Ms: 15,
    requests: ({ slugs }) => slugs.map((slug) => get(`/api/items/slug/${slug}`)),
  },
  {
    name: 'item fair-price summary',
    budgetP99Ms: 15,
    requests: (sample) => pageItems(sample).map((id) => get(`/api/items/${id}/price-summary`)),
  },
  {
    // Issue 13 part 7: the busiest items (thousands of sales each) open their Sales History as fast as any.
    // bench/sales-page.ts measures one item of 10,000 sales against one of ten, with the query plans.
    name: 'Sales History page, busiest items (page 1 and 3)',
    budgetP99Ms: 15,
    requests: ({ popularItemIds }) =>
      popularItemIds
        .slice(0, 100)
        .flatMap((id) => [
          get(`/api/items/${id}/sales?limit=50`),
          get(`/api/items/${id}/sales?limit=50&offset=100`),
        ]),
  },
  {
    name: 'item price history (90d, 1y)',
    budgetP99Ms: 15,
    requests: (sample) =>
      pageItems(sample).flatMap((id) => [
        get(`/api/items/${id}/price-history?range=90d`),
        get(`/api/items/${id}/price-history?range=1y`),
      ]),
  },
  {
    name: 'collection of 1,000 entries (page + totals)',
    budgetP99Ms: 40,
    requests: (_sample, session) =>
      session.collectors.flatMap((cookie) => [
        { method: 'GET', path: '/api/collections', headers: { cookie } },
        { method: 'GET', path: '/api/collections?sort=value&direction=desc', headers: { cookie } },
      ]),
  },
  {
    name: 'stats of a 1,000-entry collection',
    budgetP99Ms: 40,
    requests: (_sample, session) =>
      session.collectors.map(
        (cookie) => ({ method: 'GET', path: '/api/me/stats', headers: { cookie } }) as RequestSpec,
      ),
  },
  {
    name: 'community feed, 100,000 posts (page 1, a deeper page, an item’s photos)',
    budgetP99Ms: 20,
    requests: (sample, session) =>
      session.collectors.flatMap((cookie, index) =>
        [
          '/api/posts/feed',
          `/api/posts/feed?cursor=${sample.postCursors[index % sample.postCursors.length]}`,
          `/api/posts/feed?itemId=${sample.postItemIds[index % sample.postItemIds.length]}`,
        ].map((path) => ({ method: 'GET', path, headers: { cookie } }) as RequestSpec),
      ),
  },
  {
    name: 'cold: search as you type, 5,000 prefixes',
    budgetP99Ms: 15,
    cold: true,
    requests: ({ searchPrefixes }) =>
      searchPrefixes.map((query) => get(`/api/search/items?query=${encodeURIComponent(query)}&limit=10`)),
  },
  {
    name: 'cold: sets list over every theme and year',
    budgetP99Ms: 20,
    cold: true,
    requests: ({ everyThemeYear }) =>
      everyThemeYear.map(({ themeId, year }) =>
        get(
          `/api/items?type=set&limit=50&offset=0${themeId ? `&themeId=${themeId}` : ''}${year ? `&year=${year}` : ''}`,
        ),
      ),
  },
  {
    name: 'cold: item detail, 5,000 items',
    budgetP99Ms: 15,
    cold: true,
    requests: ({ coldItems }) => coldItems.map(({ slug }) => get(`/api/items/slug/${slug}`)),
  },
  {
    name: 'cold: fair-price summary, 5,000 items',
    budgetP99Ms: 15,
    cold: true,
    requests: ({ coldItems }) => coldItems.map(({ id }) => get(`/api/items/${id}/price-summary`)),
  },
  {
    // Each of 200 collectors changes an entry, then reads their collection: the read can be served by nothing
    // but the database as it is after the write.
    name: 'cold: 200 collections of 1,000 entries, each read right after a change',
    budgetP99Ms: 40,
    cold: true,
    requests: (sample, session) =>
      session.collectors.flatMap((cookie, index) => [
        {
          method: 'PATCH',
          path: `/api/collections/${sample.collectorEntryIds[index]}`,
          headers: { cookie },
          body: '{"quantity":{{quantity}}}',
        },
        { method: 'GET', path: '/api/collections', headers: { cookie } },
      ]),
  },
  {
    name: 'record a sale (insert + enqueue; recomputed after commit)',
    budgetP99Ms: 20,
    freshness: true,
    requests: (sample, session) => saleRequests(sample, session),
  },
  {
    name: 'record a sale, 5 connections',
    connections: 5,
    freshness: true,
    requests: (sample, session) => saleRequests(sample, session),
  },
]

/** Sales of today by a trusted member (verified at once) on the item pages' mix, each with its own reference. */
function saleRequests(sample: CatalogueSample, session: BenchSession): RequestSpec[] {
  const items = pageItems(sample)
  return Array.from({ length: 2000 }, (_, index) => {
    const itemId = items[index % items.length] as number
    return {
      method: 'POST',
      path: `/api/items/${itemId}/sales`,
      headers: { cookie: session.cookie },
      body: JSON.stringify({
        price: (20 + (index % 500) + (index % 7) / 10).toFixed(2),
        currency: 'GBP',
        conditionId: sample.setConditionId,
        saleDate: new Date().toISOString().slice(0, 10),
        source: 'eBay',
        // Each request a sale of its own: the same sale twice is refused (409) since issue 11.
        sourceRef: 'bench-{{n}}',
      }),
    }
  })
}
