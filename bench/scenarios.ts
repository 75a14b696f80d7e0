/**
 * What `npm run bench` loads, with DESIGN §9's budgets. Later issues add rows here
 * (collections, recording a sale, the item page's price summary).
 */
export interface Scenario {
  name: string
  /** p99 budget in milliseconds at 50 connections on PostgreSQL. */
  budgetP99Ms: number
  /** Paths to cycle through; built from the loaded catalogue. */
  paths: (catalogue: CatalogueSample) => string[]
}

export interface CatalogueSample {
  slugs: string[]
  themeYears: { themeId: number; year: number }[]
  /** Numbers of sets that have minifigures. */
  setsWithFigures: string[]
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

export const scenarios: Scenario[] = [
  {
    name: 'search /api/search/items',
    budgetP99Ms: 15,
    paths: () =>
      SEARCH_QUERIES.map((query) => `/api/search/items?query=${encodeURIComponent(query)}&limit=10`),
  },
  {
    name: 'search /api/items?query=',
    budgetP99Ms: 15,
    paths: () => SEARCH_QUERIES.map((query) => `/api/items?query=${encodeURIComponent(query)}&limit=10`),
  },
  {
    name: 'sets list, theme + year filter',
    budgetP99Ms: 20,
    paths: ({ themeYears }) =>
      themeYears.map(
        ({ themeId, year }) => `/api/items?type=set&limit=50&offset=0&themeId=${themeId}&year=${year}`,
      ),
  },
  {
    name: 'sets list, pages 1-20',
    budgetP99Ms: 20,
    paths: () => Array.from({ length: 20 }, (_, page) => `/api/items?type=set&limit=50&offset=${page * 50}`),
  },
  {
    name: 'minifigures of a set (?set=)',
    budgetP99Ms: 20,
    paths: ({ setsWithFigures }) => setsWithFigures.map((set) => `/api/items?type=minifig&limit=50&set=${set}`),
  },
  {
    name: 'item detail by slug',
    budgetP99Ms: 15,
    paths: ({ slugs }) => slugs.map((slug) => `/api/items/slug/${slug}`),
  },
]
