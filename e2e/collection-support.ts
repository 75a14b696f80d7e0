/**
 * Helpers for the collection specs (e2e/collection-*.spec.ts): accounts and entries through the API,
 * and the screen's parts.
 */
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from '@playwright/test'
import type { ItemDetail, ItemWriteBody, SearchResult } from '#shared/contract/catalogue.ts'
import type { AddCollectionBody, CollectionEntry, CollectionPage } from '#shared/contract/collections.ts'
import { ADMIN_EMAIL, CATALOGUE_URL, PASSWORD } from './accounts.ts'
import { pricesSettled, uniqueEmail } from './support.ts'

/**
 * A client address of its own for each sign-up and sign-in. The servers trust X-Forwarded-For from
 * loopback (TRUST_PROXY in playwright.config.ts) and allow 20 attempts per address per minute; these specs' accounts must not use up the budget the
 * other specs (all from 127.0.0.1) rely on.
 */
export function clientAddress(): Record<string, string> {
  const octet = () => 1 + Math.floor(Math.random() * 250)
  return { 'X-Forwarded-For': `198.18.${octet()}.${octet()}` }
}

/** State-changing calls name the server's own origin, as the browser would. */
export function originOf(baseURL: string): Record<string, string> {
  return { Origin: new URL(baseURL).origin }
}

/**
 * Signs the page's browser context up as a new user who has finished onboarding, with a profile type
 * and a display currency. Returns the e-mail.
 */
export async function signUpViaApi(
  page: Page,
  baseURL: string,
  options: { label: string; profileType?: 'collector' | 'investor' | 'shop'; currency?: string },
): Promise<string> {
  const email = uniqueEmail(options.label)
  const created = await page.request.post(`${baseURL}/api/auth/register`, {
    data: { email, password: PASSWORD, firstName: 'Casey', lastName: 'Collector' },
    headers: { ...originOf(baseURL), ...clientAddress() },
  })
  expect(created.status(), await created.text()).toBe(201)
  const profile = await page.request.put(`${baseURL}/api/me/profile`, {
    data: {
      profileType: options.profileType ?? 'collector',
      onboardingCompleted: true,
      currencyPreference: options.currency ?? 'USD',
    },
    headers: originOf(baseURL),
  })
  expect(profile.ok()).toBe(true)
  return email
}

/** A separate API client signed in as the catalogue server's admin, whose sales are verified. */
export async function adminClient(
  playwright: PlaywrightWorkerArgs['playwright'],
): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({
    baseURL: CATALOGUE_URL,
    extraHTTPHeaders: originOf(CATALOGUE_URL),
  })
  const response = await api.post('/api/auth/login', {
    data: { email: ADMIN_EMAIL, password: PASSWORD },
    headers: clientAddress(),
  })
  expect(response.status(), await response.text()).toBe(200)
  return api
}

export async function createItemAs(
  api: APIRequestContext,
  body: Partial<ItemWriteBody> & Pick<ItemWriteBody, 'name' | 'number' | 'type'>,
): Promise<ItemDetail> {
  const response = await api.post('/api/items', { data: { theme: 'Star Wars', currency: 'GBP', ...body } })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as ItemDetail
}

export async function conditionId(api: APIRequestContext, category: 'set' | 'minifig', label: string) {
  const response = await api.get(`/api/conditions?category=${category}`)
  const conditions = (await response.json()) as Array<{ id: number; label: string }>
  const found = conditions.find((condition) => condition.label === label)
  if (!found) throw new Error(`No ${category} condition ${label}`)
  return found.id
}

/** Records a sale in pounds; an admin's sale is verified at once and sets the fair price. */
export async function recordSaleAs(
  api: APIRequestContext,
  itemId: number,
  sale: { price: string; conditionId: number; saleDate: string },
): Promise<void> {
  const response = await api.post(`/api/items/${itemId}/sales`, {
    data: { ...sale, currency: 'GBP', source: 'eBay' },
  })
  expect(response.status(), await response.text()).toBe(201)
  await pricesSettled(api, itemId)
}

export async function addEntryViaApi(page: Page, baseURL: string, body: AddCollectionBody) {
  const response = await page.request.post(`${baseURL}/api/collections`, {
    data: body,
    headers: originOf(baseURL),
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as CollectionEntry
}

export async function collectionViaApi(page: Page, baseURL: string, query = ''): Promise<CollectionPage> {
  const response = await page.request.get(`${baseURL}/api/collections${query}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as CollectionPage
}

export async function findItem(page: Page, baseURL: string, query: string): Promise<SearchResult> {
  const response = await page.request.get(`${baseURL}/api/search/items?query=${encodeURIComponent(query)}`)
  const { results } = (await response.json()) as { results: SearchResult[] }
  const exact = results.find((result) => result.number === query) ?? results[0]
  if (!exact) throw new Error(`No item for ${query}`)
  return exact
}

export const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024

/** The entries as shown: table rows on wide screens, cards on narrow ones. */
export function entryRows(page: Page): Locator {
  return isNarrow(page)
    ? page.getByRole('list', { name: 'Collection items' }).getByRole('listitem')
    : page.getByRole('table').locator('tbody tr')
}

export function entryRow(page: Page, name: string): Locator {
  return entryRows(page).filter({ hasText: name })
}

/** A summary card's value (and its detail line) by its label, e.g. 'Total Value'. */
export function summaryCard(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Summary' })
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd')
}

/** Picks a condition in an open form's Radix select. */
export async function chooseCondition(scope: Locator, page: Page, label: string): Promise<void> {
  await scope.getByRole('combobox', { name: 'Condition' }).click()
  await page.getByRole('option', { name: new RegExp(`^${label.replace('/', '\\/')}`) }).click()
  await expect(scope.getByRole('combobox', { name: 'Condition' })).toHaveText(label)
}

export function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name })
}

/** Console errors a spec caused on purpose (refused inputs, a failed call) are not page errors. */
export function unexpected(errors: string[], ...expected: RegExp[]): string[] {
  return errors.filter((error) => !expected.some((pattern) => pattern.test(error)))
}

/** The default e2e server (fresh demo catalogue, no admin). */
export const mainUrl = () => test.info().project.use.baseURL as string
export const token = () =>
  `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase()
export const MINUS = '\u2212'

/** The list's "Showing x-y of n" line. */
export function showing(page: Page) {
  return page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /^Showing / })
}
