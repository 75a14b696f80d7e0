import { brickEconomyCollection } from './brickeconomy-collection.ts'
import { brickEconomyOwned } from './brickeconomy-owned.ts'
import { brickLinkInventory } from './bricklink-inventory.ts'
import { brickLinkWanted } from './bricklink-wanted.ts'
import { brickOwlOrders } from './brickowl-orders.ts'
import { bricksetCollection } from './brickset-collection.ts'
import { bricksetSets } from './brickset-sets.ts'
import { catalogueCsv } from './catalogue-csv.ts'
import { catalogueJson } from './catalogue-json.ts'
import type { CsvFormat, FormatDefinition, JsonFormat, XmlFormat } from './import-format.ts'
import { rebrickableDownloads } from './rebrickable-downloads.ts'
import { rebrickableSetList } from './rebrickable-setlist.ts'

/**
 * Every format an import recognises, in the order detection tries them (no two headers should match one
 * file; where they could, the more specific comes first). A new format is one module here and one entry
 * in shared/import-formats.ts.
 */
export const FORMATS: readonly FormatDefinition[] = [
  catalogueCsv,
  catalogueJson,
  bricksetSets,
  rebrickableDownloads,
  bricksetCollection,
  brickLinkInventory,
  brickLinkWanted,
  brickEconomyCollection,
  brickEconomyOwned,
  rebrickableSetList,
  brickOwlOrders,
]

export const CSV_FORMATS = FORMATS.filter((format): format is CsvFormat => format.syntax === 'csv')
export const XML_FORMATS = FORMATS.filter((format): format is XmlFormat => format.syntax === 'xml')
export const JSON_FORMATS = FORMATS.filter((format): format is JsonFormat => format.syntax === 'json')
