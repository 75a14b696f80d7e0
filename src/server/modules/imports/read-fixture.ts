import path from 'node:path'
import type { ImportInput, OpenedImport, ParsedRow } from './import-rows.ts'
import { type OpenImportOptions, openImport } from './read/open-import.ts'

/**
 * For the tests beside the readers and formats: the fixture files under test/fixtures/imports (written the
 * way each tool exports), opened on a fixed day, and every row of a pass.
 */
export const FIXTURE_TODAY = '2026-11-24'

export const fixturePath = (name: string) => path.join(process.cwd(), 'test/fixtures/imports', name)

export const fixtureInput = (name: string): ImportInput => ({
  kind: 'file',
  path: fixturePath(name),
  fileName: name,
})

export async function allRows(opened: OpenedImport): Promise<ParsedRow[]> {
  const rows: ParsedRow[] = []
  for await (const row of opened.rows()) rows.push(row)
  return rows
}

export async function openFixture(name: string, options: OpenImportOptions = {}): Promise<OpenedImport> {
  return openImport(fixtureInput(name), { today: FIXTURE_TODAY, ...options })
}

export async function fixtureRows(name: string): Promise<ParsedRow[]> {
  return allRows(await openFixture(name))
}

export const openText = (text: string) => openImport({ kind: 'text', text }, { today: FIXTURE_TODAY })

export async function textRows(text: string): Promise<ParsedRow[]> {
  return allRows(await openText(text))
}
