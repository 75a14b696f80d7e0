import { brickLinkInventory } from './bricklink-inventory.ts'
import { brickLinkWanted } from './bricklink-wanted.ts'
import { bricksetCollection } from './brickset-collection.ts'
import type { CsvFormat, FormatDefinition, JsonFormat, XmlFormat } from './import-format.ts'

/**
 * Every format an import recognises, in the order detection tries them (the more specific header first).
 * A new format is one module here and one entry in shared/import-formats.ts.
 */
export const FORMATS: readonly FormatDefinition[] = [bricksetCollection, brickLinkInventory, brickLinkWanted]

export const CSV_FORMATS = FORMATS.filter((format): format is CsvFormat => format.syntax === 'csv')
export const XML_FORMATS = FORMATS.filter((format): format is XmlFormat => format.syntax === 'xml')
export const JSON_FORMATS = FORMATS.filter((format): format is JsonFormat => format.syntax === 'json')
