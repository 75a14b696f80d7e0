/** Helpers for the wanted-list specs (e2e/wanted.spec.ts, e2e/accessibility.spec.ts): filling it by an import. */
import { expect, type Locator, type Page } from '@playwright/test'
import type { ImportResult } from '#shared/contract/imports.ts'
import { isNarrow, originOf } from './collection-support.ts'

/** One line of a BrickLink wanted list (its XML tags, e.g. `{ ITEMTYPE: 'S', ITEMID: '75192-1', MINQTY: '2' }`). */
export type WantedLine = Record<string, string>

/** A BrickLink wanted-list XML file of `lines` (each tag's text XML-escaped). */
export function brickLinkWantedList(lines: readonly WantedLine[]): string {
  const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const items = lines.map(
    (line) =>
      `<ITEM>${Object.entries(line)
        .map(([tag, text]) => `<${tag}>${escapeXml(text)}</${tag}>`)
        .join('')}</ITEM>`,
  )
  return `<INVENTORY>${items.join('')}</INVENTORY>`
}

/**
 * Imports a BrickLink wanted list into the signed-in user's wanted list through the real API, its prices
 * in `currency` (BrickLink's files name none), and checks every line was imported.
 */
export async function importWantedList(
  page: Page,
  baseURL: string,
  lines: readonly WantedLine[],
  currency = 'EUR',
): Promise<ImportResult> {
  const response = await page.request.post(`${baseURL}/api/import/data`, {
    data: {
      source: 'bricklink',
      target: 'wanted',
      currency,
      mode: 'commit',
      data: brickLinkWantedList(lines),
    },
    headers: originOf(baseURL),
  })
  expect(response.status(), await response.text()).toBe(200)
  const result = (await response.json()) as ImportResult
  expect(result.errors, JSON.stringify(result.errors)).toEqual([])
  expect(result.imported).toBe(lines.length)
  return result
}

/** The wanted items as shown: table rows on wide screens, cards on narrow ones. */
export function wantedRows(page: Page): Locator {
  return isNarrow(page)
    ? page.getByRole('list', { name: 'Wanted items' }).getByRole('listitem')
    : page.getByRole('table').locator('tbody tr')
}
