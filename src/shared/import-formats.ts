import type { ImportFormat, ImportSource, ImportTarget } from './contract/values.ts'

/**
 * What each import format is, where its rows may go, and which of them a file of that format fills by
 * default. The server checks a chosen target against `targets`; the import screen shows `label`.
 */
export interface ImportFormatInfo {
  label: string
  /** The source selector's entry this format belongs to (spec 02 §2). */
  source: ImportSource
  targets: readonly ImportTarget[]
  defaultTarget: ImportTarget
  /** True when the file names no currency for its prices: the import asks for one. */
  needsCurrency: boolean
}

export const IMPORT_FORMAT_INFO: Record<ImportFormat, ImportFormatInfo> = {
  'catalogue-csv': {
    label: 'Catalogue CSV',
    source: 'csv',
    targets: ['catalogue'],
    defaultTarget: 'catalogue',
    needsCurrency: false,
  },
  'catalogue-json': {
    label: 'Catalogue JSON',
    source: 'json',
    targets: ['catalogue'],
    defaultTarget: 'catalogue',
    needsCurrency: false,
  },
  'rebrickable-downloads': {
    label: 'Rebrickable catalogue download',
    source: 'rebrickable',
    targets: ['catalogue'],
    defaultTarget: 'catalogue',
    needsCurrency: false,
  },
  'brickset-sets': {
    label: 'Brickset set data (regional retail prices)',
    source: 'brickset',
    targets: ['catalogue'],
    defaultTarget: 'catalogue',
    needsCurrency: false,
  },
  'brickset-collection': {
    label: 'Brickset collection CSV',
    source: 'brickset',
    targets: ['collection', 'wanted'],
    defaultTarget: 'collection',
    needsCurrency: false,
  },
  'bricklink-wanted': {
    label: 'BrickLink wanted list XML',
    source: 'bricklink',
    targets: ['wanted'],
    defaultTarget: 'wanted',
    needsCurrency: true,
  },
  'bricklink-inventory': {
    label: 'BrickLink store inventory XML',
    source: 'bricklink',
    targets: ['collection'],
    defaultTarget: 'collection',
    needsCurrency: false,
  },
  'brickeconomy-collection': {
    label: 'BrickEconomy collection CSV',
    source: 'csv',
    targets: ['collection'],
    defaultTarget: 'collection',
    needsCurrency: false,
  },
  'brickeconomy-owned': {
    label: 'BrickEconomy collection CSV (owned and wanted counts)',
    source: 'csv',
    targets: ['collection', 'wanted'],
    defaultTarget: 'collection',
    needsCurrency: true,
  },
  'rebrickable-setlist': {
    label: 'Rebrickable set list CSV',
    source: 'rebrickable',
    targets: ['collection', 'wanted'],
    defaultTarget: 'collection',
    needsCurrency: false,
  },
  'brickowl-orders': {
    label: 'BrickOwl order items CSV',
    source: 'csv',
    targets: ['collection'],
    defaultTarget: 'collection',
    needsCurrency: true,
  },
}

/** Files up to this size are imported in the request; larger ones (up to MAX_IMPORT_BYTES) run as a job. */
export const DIRECT_IMPORT_BYTES = 5 * 1024 * 1024
/** The largest file an import takes. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024
/** The spec's catalogue CSV header (spec 02 §5). */
export const CATALOGUE_CSV_HEADER =
  'item_number,name,theme,year,pieces,minifigures,original_msrp,type,retired'
