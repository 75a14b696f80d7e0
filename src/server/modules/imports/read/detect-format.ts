import { IMPORT_FORMAT_INFO } from '#shared/import-formats.ts'
import type { CsvFormat, JsonFormat, XmlFormat } from '../formats/import-format.ts'
import { normaliseColumn } from '../formats/import-format.ts'
import { CSV_FORMATS, JSON_FORMATS, XML_FORMATS } from '../formats/registry.ts'
import { ImportFileError } from '../import-file-error.ts'
import type { RebrickableFile } from '../import-rows.ts'
import { readCsvRecords } from './csv-records.ts'
import { type Sniffed, sniff } from './sniff.ts'
import { DOCTYPE_REFUSED } from './xml-items.ts'

/**
 * Which format a file is, from its first 64 KB: the header row of a CSV, the root element and tags of an
 * XML document, or a JSON document. The user's source choice is not trusted for this (ADR 013 §2).
 */
export type Detected =
  | {
      syntax: 'csv'
      format: CsvFormat
      sniffed: Sniffed
      header: string[]
      rebrickableFile: RebrickableFile | null
    }
  | { syntax: 'xml'; format: XmlFormat; sniffed: Sniffed }
  | { syntax: 'json'; format: JsonFormat; sniffed: Sniffed }

const QUOTE_LIMIT = 200

const quoted = (text: string) => `"${text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text}"`

function recognisedList(): string {
  return Object.values(IMPORT_FORMAT_INFO)
    .map((info) => info.label)
    .join('; ')
}

const unrecognised = (what: string) =>
  new ImportFileError(
    `${what}, which is not a format Brickfolio recognises. It reads: ${recognisedList()}.`,
    'UNRECOGNISED_IMPORT_FORMAT',
  )

async function csvHeader(prefix: string, sniffed: Sniffed): Promise<string[]> {
  const records = readCsvRecords(
    (async function* () {
      yield prefix
    })(),
    sniffed,
  )
  try {
    const first = await records.next()
    return first.done ? [] : first.value.fields
  } finally {
    await records.return(undefined)
  }
}

function detectCsv(header: string[], sniffed: Sniffed): Detected {
  const columns = new Set(header.map(normaliseColumn))
  const format = CSV_FORMATS.find((candidate) => candidate.recognise(columns))
  if (!format)
    throw unrecognised(
      `This file's header is ${quoted(header.join(sniffed.delimiter === '\t' ? '\t' : sniffed.delimiter))}`,
    )
  const missing = format.required(columns).filter((column) => !columns.has(normaliseColumn(column)))
  if (missing.length > 0)
    throw new ImportFileError(
      `This looks like a ${IMPORT_FORMAT_INFO[format.format].label}, but it has no ${missing.map((column) => `"${column}"`).join(', ')} column: export it again with all its columns.`,
      'MISSING_IMPORT_COLUMN',
    )
  return {
    syntax: 'csv',
    format,
    sniffed,
    header,
    rebrickableFile: format.rebrickableFile?.(columns) ?? null,
  }
}

const XML_NAME = /<([A-Za-z_][\w.:-]*)/g

function detectXml(prefix: string, sniffed: Sniffed): Detected {
  if (/<!(doctype|entity)/i.test(prefix)) throw new ImportFileError(DOCTYPE_REFUSED, 'XML_DOCTYPE_REFUSED')
  const names = [...prefix.replace(/<!--[\s\S]*?-->/g, '').matchAll(XML_NAME)].map((match) =>
    (match[1] as string).toUpperCase(),
  )
  const root = names[0]
  if (!root) throw unrecognised('This file starts like XML but has no element')
  const tags = new Set(names)
  const format = XML_FORMATS.find((candidate) => candidate.recognise(root, tags))
  if (!format) {
    if (root === 'ORDERS')
      throw new ImportFileError(
        'This is a BrickLink orders file. Brickfolio reads BrickLink wanted lists and store inventories: export one of those (Wanted → Download, or Inventory → Download).',
        'UNRECOGNISED_IMPORT_FORMAT',
      )
    throw unrecognised(`This XML file's root element is <${root}>`)
  }
  return { syntax: 'xml', format, sniffed }
}

export async function detectFormat(prefix: string): Promise<Detected> {
  const sniffed = sniff(prefix)
  if (sniffed.syntax === 'xml') return detectXml(prefix, sniffed)
  if (sniffed.syntax === 'json') {
    const format = JSON_FORMATS[0]
    if (!format) throw unrecognised('This file is JSON')
    return { syntax: 'json', format, sniffed }
  }
  const header = await csvHeader(prefix, sniffed)
  return detectCsv(header, sniffed)
}
