import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import type { ItemDetail, ItemWriteBody } from '#shared/contract/catalogue.ts'
import { ADMIN_EMAIL, CATALOGUE_URL, PASSWORD } from './accounts.ts'
import { pricesSettled, uniqueEmail } from './support.ts'

export const FALCON_SLUG = '75192-1-millennium-falcon'

/** A short token that keeps this run's (and this project's) items apart from others on the server. */
export function uniqueToken(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase()
}

/** State-changing calls name our origin, as the browser would (the server checks it). */
const sameOrigin = { Origin: CATALOGUE_URL }

/**
 * Signs the page's browser context up as a new collector who has finished onboarding, through the
 * API (the onboarding dialog has its own spec). Returns the e-mail.
 */
export async function signUpCollector(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label)
  const created = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName: 'Casey', lastName: 'Collector' },
    headers: sameOrigin,
  })
  expect(created.status()).toBe(201)
  const onboarded = await page.request.put('/api/me/profile', {
    data: { profileType: 'collector', onboardingCompleted: true },
    headers: sameOrigin,
  })
  expect(onboarded.ok()).toBe(true)
  return email
}

/** Signs the page's browser context in as the admin the catalogue server starts with. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: ADMIN_EMAIL, password: PASSWORD },
    headers: sameOrigin,
  })
  expect(response.ok()).toBe(true)
}

/** Adds an item through the API as whoever the request context is signed in as. */
export async function createItem(
  request: APIRequestContext,
  body: Partial<ItemWriteBody> & Pick<ItemWriteBody, 'name' | 'number'>,
): Promise<ItemDetail> {
  const response = await request.post('/api/items', {
    data: { type: 'set', theme: 'Star Wars', year: 1960, currency: 'GBP', ...body },
    headers: sameOrigin,
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as ItemDetail
}

export async function fetchItem(request: APIRequestContext, slug: string): Promise<ItemDetail> {
  const response = await request.get(`/api/items/slug/${slug}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as ItemDetail
}

export async function deleteRequest(request: APIRequestContext, id: number) {
  return request.delete(`/api/items/${id}`, { headers: sameOrigin })
}

/** A verified sale when `request` is an admin's or trusted member's: £20 New/Sealed today, unless priced. */
export async function recordSale(request: APIRequestContext, itemId: number, price = '20.00') {
  const response = await request.post(`/api/items/${itemId}/sales`, {
    data: {
      price,
      currency: 'GBP',
      conditionId: 1,
      saleDate: new Date().toISOString().slice(0, 10),
      source: 'eBay',
    },
    headers: sameOrigin,
  })
  expect(response.status(), await response.text()).toBe(201)
  await pricesSettled(request, itemId)
}

/** Picks an option of a Radix select (the sets and minifigures filters) with the mouse. */
export async function chooseOption(page: Page, name: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(page.getByRole('combobox', { name })).toHaveText(option)
}

/** The list's 'Showing …' line. */
export function showing(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /^Showing / })
}

/**
 * Waits until the item pictures in view have settled: loaded, or (with no internet here, so the
 * image proxy cannot reach the catalogue hosts) replaced by their placeholder.
 */
export async function waitForImages(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('main img')].every((image) => {
            if (!(image instanceof HTMLImageElement)) return true
            const box = image.getBoundingClientRect()
            const inView = box.bottom > 0 && box.top < window.innerHeight
            if (!inView) return true
            return image.complete && (image.naturalWidth > 0 || !image.src.includes('/api/proxy-image'))
          }),
        ),
      { timeout: 10_000 },
    )
    .toBe(true)
}
