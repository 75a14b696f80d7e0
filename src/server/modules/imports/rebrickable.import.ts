import type { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import {
  findItemsByAlias,
  findItemsByNumber,
  type ItemRow,
  refreshAfterBulkLoad,
  type SetMinifigRow,
  storedSets,
  storedThemes,
} from './catalogue-bulk.repo.ts'
import { writeItems, writeSetMinifigs, writeThemes } from './catalogue-bulk.service.ts'
import { findCsvFile, type RowProblem, readCsv } from './csv-source.ts'
import {
  describeRowError,
  inventoryMinifigRowSchema,
  inventoryRowSchema,
  minifigRowSchema,
  setRowSchema,
  themeRowSchema,
} from './rebrickable.rows.ts'
import type { ThemeRow } from './theme-tree.ts'
import { addCounts, emptyCounts, type WriteCounts } from './write-counts.ts'

export interface ImportSummary extends WriteCounts {
  skipped: number
  errors: number
}

export interface RebrickableImportResult {
  summary: ImportSummary
  byKind: Record<'themes' | 'sets' | 'minifigs' | 'links', ImportSummary>
  problems: RowProblem[]
}

export class MissingImportFileError extends Error {}

const BATCH_SIZE = 1000
/** Theme of a minifigure that appears in no set of the catalogue. */
export const UNSORTED_THEME = 'Other'

interface Options {
  db: Database
  dir: string
  onProgress?: (message: string) => void
  /**
   * Refresh derived data and planner statistics at the end (VACUUM ANALYZE); off for a preview, which runs
   * in a transaction that is rolled back (and VACUUM cannot run in one).
   */
  refresh?: boolean
}

const emptySummary = (): ImportSummary => ({ ...emptyCounts(), skipped: 0, errors: 0 })

/**
 * Imports Rebrickable's catalogue downloads: themes (with their tree), sets, minifigures and the
 * minifigures in each set (lowest inventory version). Idempotent: a second run changes nothing.
 */
export async function importRebrickable({
  db,
  dir,
  onProgress = () => {},
  refresh = true,
}: Options): Promise<RebrickableImportResult> {
  const files = {
    themes: findCsvFile(dir, 'themes'),
    sets: findCsvFile(dir, 'sets'),
    minifigs: findCsvFile(dir, 'minifigs'),
    inventories: findCsvFile(dir, 'inventories'),
    inventoryMinifigs: findCsvFile(dir, 'inventory_minifigs'),
  }
  if (!Object.values(files).some(Boolean)) {
    throw new MissingImportFileError(
      `No Rebrickable download (themes, sets, minifigs, inventories or inventory_minifigs .csv or .csv.gz) ` +
        `found in ${dir}`,
    )
  }
  const problems: RowProblem[] = []
  const byKind = {
    themes: emptySummary(),
    sets: emptySummary(),
    minifigs: emptySummary(),
    links: emptySummary(),
  }
  const reportProblem = (kind: keyof typeof byKind) => (problem: RowProblem) => {
    problems.push(problem)
    byKind[kind].errors++
  }

  async function* validRows<T>(path: string, kind: keyof typeof byKind, schema: z.ZodType<T>) {
    const onProblem = reportProblem(kind)
    let count = 0
    for await (const { record, line } of readCsv(path, onProblem)) {
      const parsed = schema.safeParse(record)
      if (parsed.success) yield { row: parsed.data, line }
      else onProblem({ file: fileName(path), line, message: describeRowError(parsed.error) })
      if (++count % 10_000 === 0) onProgress(`${fileName(path)}: ${count.toLocaleString('en')} rows read`)
    }
    onProgress(`${fileName(path)}: ${count.toLocaleString('en')} rows read`)
  }

  // 1. Themes: the whole tree at once (a few hundred rows), so paths and root names resolve. Without
  // themes.csv, the catalogue's own themes are the ones sets may name.
  const themes = new Map<number, ThemeRow>()
  if (files.themes) {
    for await (const { row, line } of validRows(files.themes, 'themes', themeRowSchema)) {
      if (themes.has(row.id)) {
        reportProblem('themes')({
          file: fileName(files.themes),
          line,
          message: `duplicate theme id ${row.id}`,
        })
        continue
      }
      themes.set(row.id, { id: row.id, name: row.name, parentId: row.parent_id })
    }
    addCounts(
      byKind.themes,
      await db.transaction((tx) => writeThemes({ db: tx, themes: [...themes.values()] })),
    )
  } else {
    for (const theme of await storedThemes(db)) themes.set(theme.id, theme)
  }

  // 2. Sets, in batches.
  const setInfo = new Map<string, { year: number; themeId: number }>()
  let batch: ItemRow[] = []
  const flush = async (kind: 'sets' | 'minifigs') => {
    if (batch.length === 0) return
    const rows = batch
    batch = []
    addCounts(byKind[kind], await db.transaction((tx) => writeItems({ db: tx, items: rows })))
  }
  for await (const { row, line } of files.sets ? validRows(files.sets, 'sets', setRowSchema) : []) {
    const theme = themes.get(row.theme_id)
    const problem = !theme
      ? `theme_id ${row.theme_id} is not in themes`
      : setInfo.has(row.set_num)
        ? `duplicate set_num ${row.set_num}`
        : undefined
    if (problem || !theme) {
      reportProblem('sets')({
        file: fileName(files.sets ?? 'sets.csv'),
        line,
        message: problem ?? 'unknown theme',
      })
      continue
    }
    setInfo.set(row.set_num, { year: row.year, themeId: row.theme_id })
    batch.push({
      type: 'set',
      number: row.set_num,
      name: row.name,
      theme: theme.name,
      themeId: theme.id,
      year: row.year,
      // Books and gear have 0 parts in Rebrickable: no piece count rather than "0 pieces".
      pieces: row.num_parts > 0 ? row.num_parts : null,
      imageUrl: row.img_url,
    })
    if (batch.length >= BATCH_SIZE) await flush('sets')
  }
  await flush('sets')
  // Without sets.csv, the catalogue's sets are the ones inventories and figures may name.
  if (!files.sets) {
    for (const set of await storedSets(db)) {
      if (set.year !== null && set.themeId !== null)
        setInfo.set(set.number, { year: set.year, themeId: set.themeId })
    }
  }

  // 3. Which minifigures are in which set: the lowest inventory version of each set.
  const setInventory = new Map<number, string>()
  if (files.inventories) {
    const lowest = new Map<string, { id: number; version: number }>()
    for await (const { row } of validRows(files.inventories, 'links', inventoryRowSchema)) {
      if (!setInfo.has(row.set_num)) continue // minifigures' own inventories, or unknown sets
      const current = lowest.get(row.set_num)
      if (!current || row.version < current.version)
        lowest.set(row.set_num, { id: row.id, version: row.version })
    }
    for (const [setNumber, { id }] of lowest) setInventory.set(id, setNumber)
  }
  const links = new Map<string, SetMinifigRow>()
  if (files.inventoryMinifigs) {
    for await (const { row } of validRows(files.inventoryMinifigs, 'links', inventoryMinifigRowSchema)) {
      const setNumber = setInventory.get(row.inventory_id)
      if (!setNumber) {
        byKind.links.skipped++ // a later inventory version, or not a set
        continue
      }
      const key = `${setNumber}|${row.fig_num}`
      const existing = links.get(key)
      if (existing) existing.quantity += row.quantity
      else links.set(key, { setNumber, minifigNumber: row.fig_num, quantity: row.quantity })
    }
  }

  // 4. Minifigures take the theme and year of the earliest set they appear in.
  const firstSet = new Map<string, { year: number; themeId: number; setNumber: string }>()
  for (const link of links.values()) {
    const info = setInfo.get(link.setNumber)
    const current = firstSet.get(link.minifigNumber)
    if (
      info &&
      (!current ||
        info.year < current.year ||
        (info.year === current.year && link.setNumber < current.setNumber))
    ) {
      firstSet.set(link.minifigNumber, { ...info, setNumber: link.setNumber })
    }
  }
  // Figures already in the catalogue under another number (e.g. demo 'sw0001' aliased 'fig-000123').
  const aliasedNumbers = new Map<string, string>()
  const minifigNumbers = new Set<string>()
  for await (const { row, line } of files.minifigs
    ? validRows(files.minifigs, 'minifigs', minifigRowSchema)
    : []) {
    if (minifigNumbers.has(row.fig_num)) {
      reportProblem('minifigs')({
        file: fileName(files.minifigs ?? 'minifigs.csv'),
        line,
        message: `duplicate fig_num ${row.fig_num}`,
      })
      continue
    }
    minifigNumbers.add(row.fig_num)
    const first = firstSet.get(row.fig_num)
    const theme = first ? themes.get(first.themeId) : undefined
    batch.push({
      type: 'minifig',
      number: row.fig_num,
      name: row.name,
      theme: theme?.name ?? UNSORTED_THEME,
      themeId: theme?.id ?? null,
      year: first?.year ?? null,
      pieces: row.num_parts > 0 ? row.num_parts : null,
      imageUrl: row.img_url,
    })
    if (batch.length >= BATCH_SIZE) await flushMinifigs()
  }
  await flushMinifigs()

  async function flushMinifigs() {
    if (!files.inventories || !files.inventoryMinifigs) {
      // Without the inventories a figure's sets are not known: it keeps the theme and year it has.
      const stored = await findItemsByNumber(
        db,
        batch.map((item) => ({ type: 'minifig' as const, number: item.number })),
      )
      batch = batch.map((item) => {
        const known = firstSet.has(item.number) ? undefined : stored.get(`minifig|${item.number}`)
        return known ? { ...item, theme: known.theme, themeId: known.themeId, year: known.year } : item
      })
    }
    const aliased = await findItemsByAlias(
      db,
      'minifig',
      batch.map((item) => item.number),
    )
    for (const [figNumber, number] of aliased) aliasedNumbers.set(figNumber, number)
    // A figure we already know under its collector code keeps our record; only its links are imported.
    byKind.minifigs.unchanged += batch.filter((item) => aliased.has(item.number)).length
    batch = batch.filter((item) => !aliased.has(item.number))
    await flush('minifigs')
  }

  // 5. Set ↔ minifigure links, in batches.
  const linkRows = [...links.values()].map((link) => ({
    ...link,
    minifigNumber: aliasedNumbers.get(link.minifigNumber) ?? link.minifigNumber,
  }))
  for (let start = 0; start < linkRows.length; start += BATCH_SIZE) {
    const part = linkRows.slice(start, start + BATCH_SIZE)
    const result = await db.transaction((tx) => writeSetMinifigs({ db: tx, links: part }))
    addCounts(byKind.links, result)
    byKind.links.skipped += result.missing
  }
  onProgress(`links: ${linkRows.length.toLocaleString('en')} set-minifigure links written`)

  if (refresh) await refreshAfterBulkLoad(db)

  const summary = emptySummary()
  for (const kind of Object.values(byKind)) {
    addCounts(summary, kind)
    summary.skipped += kind.skipped
    summary.errors += kind.errors
  }
  return { summary, byKind, problems }
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}
