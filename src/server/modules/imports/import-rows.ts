import type { DateOrder, Grade, ImportFormat, ItemType, RetailRegion } from '#shared/contract/values.ts'
import type { CurrencyCode } from '#shared/money.ts'

/**
 * The seam between reading a file and importing it. A reader (read/, formats/) turns any supported file into
 * `ParsedRow`s: every quirk of the source (encodings, separators, symbols, date orders, condition words) is
 * settled there, and nothing of the database is known. The import service (import.service.ts) matches the
 * numbers against the catalogue and writes. One file, one format.
 */

/**
 * An amount as the file wrote it, read exactly: a decimal string with at most two decimals (BrickLink's four
 * are rounded half-up), and the currency the cell or the file names; null when neither does (the import's
 * `currency` choice then applies). Never a float, never 0 for an empty cell (that is no MoneyCell at all).
 */
export interface MoneyCell {
  amount: string
  currency: CurrencyCode | null
}

/**
 * A date as the file wrote it. `iso` when the file's own convention settles it (ISO, Brickset's DD/MM/YYYY,
 * BrickLink's M/d/yyyy); otherwise the two leading numbers of a slash or dot date, which the file's day order
 * (proved by a part above 12, or chosen by the user) turns into a day.
 */
export type DateCell =
  | { kind: 'iso'; iso: string; raw: string }
  | { kind: 'ambiguous'; first: number; second: number; year: number; raw: string }

interface RowBase {
  /** The line of the file where the row starts (the header is line 1; an XML item's opening tag). */
  line: number
}

/** The item a row names: its number as written, the type when the file says it, the file's name for it. */
export interface ItemRef {
  number: string
  itemType: ItemType | null
  name: string | null
}

/** Copies the user owns (one row may be several copies of one item in one condition). */
export interface HoldingRow extends RowBase, ItemRef {
  kind: 'holding'
  quantity: number
  /**
   * The condition when the file says it: the grade, and our label when the file's word is precise enough
   * ('S' sealed → New/Sealed); null when the file gives none (the `conditionWhenUnknown` choice decides).
   */
  condition: { grade: Grade; label: string | null; sourceWord: string } | null
  /** Per item. */
  pricePaid: MoneyCell | null
  purchaseDate: DateCell | null
  notes: string | null
  /** The row's identity in its source, stable from one export to the next (lot id, order + lot, key). */
  sourceRef: string
}

/** An item the user wants. */
export interface WantedRow extends RowBase, ItemRef {
  kind: 'wanted'
  quantity: number
  quantityFilled: number
  /** null: either grade will do. */
  grade: Grade | null
  /** Most the user would pay per item; null: no limit. */
  maxPrice: MoneyCell | null
  notes: string | null
  sourceRef: string
}

/** A catalogue item (the spec's CSV and JSON). */
export interface CatalogueItemRow extends RowBase {
  kind: 'catalogue-item'
  type: ItemType
  number: string
  name: string
  theme: string
  year: number | null
  pieces: number | null
  minifigures: number | null
  imageUrl: string | null
  /** The retail price (MSRP); its currency null when the file names none (then the `currency` choice). */
  msrp: MoneyCell | null
  retired: boolean | null
}

/** A set's official retail prices per region (Brickset's set data). */
export interface RetailPricesRow extends RowBase {
  kind: 'retail-prices'
  setNumber: string
  prices: Array<{
    region: RetailRegion
    amount: string
    currency: CurrencyCode
    firstAvailable: string | null
    lastAvailable: string | null
  }>
}

/** A row that is fine but holds nothing we track or keep: a part, a row with nothing owned. */
export interface SkippedRow extends RowBase {
  kind: 'skipped'
  number: string | null
  name: string | null
  message: string
  /**
   * Set when the skip concerns one target only, in files that fill both the collection and the wanted list
   * (Brickset, BrickEconomy's older shape, Rebrickable's set list): a row with nothing owned is skipped for
   * the collection ('not owned') yet may be a WantedRow; the service keeps it only for that target.
   * Absent: the row is skipped whatever the target.
   */
  target?: 'collection' | 'wanted'
}

/** A row that cannot be read: its message says why, in words the user can act on. */
export interface RejectedRow extends RowBase {
  kind: 'rejected'
  number: string | null
  name: string | null
  message: string
}

export type ParsedRow = HoldingRow | WantedRow | CatalogueItemRow | RetailPricesRow | SkippedRow | RejectedRow

/** What the import is given: pasted text, or a file on disk (an upload or a fetched URL). */
export type ImportInput =
  | { kind: 'text'; text: string }
  | { kind: 'file'; path: string; fileName: string | null }

/** A file opened for reading, its format known. Each `rows()` call reads it again from the start. */
export interface OpenedImport {
  format: ImportFormat
  /** Rows in file order. Throws an ImportFileError if the file turns out broken part-way. */
  rows(): AsyncIterable<ParsedRow>
  /** Bytes of the file read so far by the current `rows()` pass (for progress), and the file's size. */
  bytesRead(): number
  size: number
  /** The day order the file's convention fixes, when it does (Brickset, BrickLink); else null. */
  dateOrder: DateOrder | null
  /**
   * For 'rebrickable-downloads': which download this file is. Those files only make sense together (a set's
   * theme, a figure's sets), so they are not read as rows: the Rebrickable importer reads them as a set.
   */
  rebrickableFile: RebrickableFile | null
}

export const REBRICKABLE_FILES = ['themes', 'sets', 'minifigs', 'inventories', 'inventory_minifigs'] as const
export type RebrickableFile = (typeof REBRICKABLE_FILES)[number]
