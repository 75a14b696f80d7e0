/** Helpers for the market specs (e2e/pricing.spec.ts, e2e/sales.spec.ts). */
import { type Browser, expect, type Locator, type Page } from '@playwright/test'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import type { SalesList } from '#shared/contract/market.ts'
import { ADMIN_EMAIL, PASSWORD } from './accounts.ts'
import { createItem, uniqueToken } from './catalogue-support.ts'
import { CATALOGUE_URL, toastArea } from './support.ts'

export const sameOrigin = { Origin: CATALOGUE_URL }

export interface SaleInput {
  price: string
  currency?: string
  condition?: string
  date?: string
  source?: string
  reference?: string
}

export async function newMarketItem(page: Page, label: string): Promise<ItemDetail> {
  const token = uniqueToken()
  return createItem(page.request, { name: `${label} ${token}`, number: `MK${token}-1` })
}

export function recordDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Record a sale' })
}

/** Picks an option of one of the dialog's selects (options carry a description, hence the prefix match). */
export async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click()
  await page
    .getByRole('option', { name: new RegExp(`^${option.replace(/[/.]/g, '\\$&')}`) })
    .first()
    .click()
  await expect(combobox).toContainText(option)
}

export async function fillSale(page: Page, sale: SaleInput): Promise<void> {
  const dialog = recordDialog(page)
  if (sale.currency) await choose(page, dialog.getByRole('combobox', { name: 'Currency' }), sale.currency)
  await dialog.getByLabel('Price').fill(sale.price)
  if (sale.condition) await choose(page, dialog.getByLabel('Condition'), sale.condition)
  if (sale.date) await dialog.getByLabel('Sale date').fill(sale.date)
  if (sale.source) await choose(page, dialog.getByLabel('Source'), sale.source)
  if (sale.reference) await dialog.getByLabel('Reference').fill(sale.reference)
}

/** Opens the dialog from `button`, records the sale and waits for the toast and the dialog to close. */
export async function recordSaleThroughDialog(
  page: Page,
  button: Locator,
  sale: SaleInput,
  expected: 'Verified' | 'Pending review',
): Promise<void> {
  await button.click()
  const dialog = recordDialog(page)
  await expect(dialog).toBeVisible()
  await fillSale(page, sale)
  await dialog.getByRole('button', { name: 'Record sale' }).click()
  await expect(toastArea(page).getByText('Sale recorded')).toBeVisible()
  await expect(toastArea(page).getByText(new RegExp(`^${expected}`))).toBeVisible()
  await expect(dialog).toBeHidden()
}

export async function salesOf(page: Page, itemId: number): Promise<SalesList> {
  const response = await page.request.get(`/api/items/${itemId}/sales?limit=50`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as SalesList
}

export async function adminPage(browser: Browser, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({ baseURL: CATALOGUE_URL, viewport })
  const page = await context.newPage()
  const response = await page.request.post('/api/auth/login', {
    data: { email: ADMIN_EMAIL, password: PASSWORD },
    headers: sameOrigin,
  })
  expect(response.ok()).toBe(true)
  return page
}

/** A day as the app writes it, e.g. '3 Mar 2026'. */
export function formatDayLikeTheApp(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}
