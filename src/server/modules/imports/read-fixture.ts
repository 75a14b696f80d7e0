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

export const allRows = (opened: OpenedImport): Promise<ParsedRow[]> => collect(opened.rows())

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

/** Text as the readers get it, in the given chunks (to test records that straddle chunk borders). */
export async function* chunksOf(text: string | string[]): AsyncGenerator<string> {
  yield* Array.isArray(text) ? text : [text]
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const value of iterable) out.push(value)
  return out
}
