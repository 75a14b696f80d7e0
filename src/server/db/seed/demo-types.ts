/** Shapes of the hand-written demo catalogue seeded into an empty database. */

export interface DemoTheme {
  /** Rebrickable theme id, so a later Rebrickable import merges instead of duplicating. */
  id: number
  name: string
  /** Rebrickable parent theme id; null for a top-level theme. */
  parentId: number | null
  /** Shown as theme badge tags on the item page (themeData). Optional for sub-themes. */
  era?: string
  complexity?: string
  /** A CSS colour used for the theme badge, e.g. '#d01012'. */
  colorScheme?: string
}

export interface DemoSet {
  /** Rebrickable set_num, e.g. '75192-1'. */
  number: string
  name: string
  year: number
  /** Rebrickable theme id of the set (the leaf theme, as in sets.csv). */
  themeId: number
  pieces: number
  /** Number of minifigures in the set (Brickset's minifigs column), null when unknown. */
  minifigures: number | null
  /** UK retail price in GBP as a decimal string, e.g. '734.99'; null when unknown. */
  originalMsrpGbp: string | null
  imageUrl: string
  /** Other numbers collectors use for it (e.g. '75192' without the variant suffix). */
  aliases?: string[]
}

export interface DemoMinifig {
  /** BrickLink-style minifigure code, e.g. 'sw0001'. */
  number: string
  name: string
  year: number
  /** Rebrickable theme id of the theme it belongs to. */
  themeId: number
  imageUrl: string
  /** Other numbers for the same figure; the Rebrickable fig_num (e.g. 'fig-000123') first when known. */
  aliases?: string[]
}

export interface DemoSetMinifig {
  setNumber: string
  minifigNumber: string
  quantity: number
}
