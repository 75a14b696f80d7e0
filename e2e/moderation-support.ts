/** Accounts for the moderation specs (e2e/moderation.spec.ts, e2e/accessibility.spec.ts, first-screen-js). */
import { type Browser, expect, type Page } from '@playwright/test'
import { ADMIN_EMAIL, CATALOGUE_URL, PASSWORD } from './accounts.ts'
import { clientAddress, originOf } from './collection-support.ts'
import { uniqueEmail } from './support.ts'

type Viewport = { width: number; height: number } | null

/**
 * A new browser context on `baseURL` (the catalogue server unless said), signed up as a member who has
 * finished onboarding, from a client address of its own.
 */
export async function memberPage(
  browser: Browser,
  viewport: Viewport,
  names: { first: string; last: string },
  baseURL = CATALOGUE_URL,
) {
  const context = await browser.newContext({ baseURL, viewport })
  const page = await context.newPage()
  const email = uniqueEmail(names.first.toLowerCase())
  const created = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName: names.first, lastName: names.last },
    headers: { ...originOf(baseURL), ...clientAddress() },
  })
  expect(created.status(), await created.text()).toBe(201)
  const onboarded = await page.request.put('/api/me/profile', {
    data: { profileType: 'collector', onboardingCompleted: true, currencyPreference: 'USD' },
    headers: originOf(baseURL),
  })
  expect(onboarded.ok()).toBe(true)
  return { page, email, name: `${names.first} ${names.last}` }
}

/** Signs `page`'s context in as the server's first account, its admin (e2e/seed-admin.ts). */
export async function signInAsFirstAdmin(page: Page, baseURL = CATALOGUE_URL): Promise<void> {
  const response = await page.request.post(`${baseURL}/api/auth/login`, {
    data: { email: ADMIN_EMAIL, password: PASSWORD },
    headers: { ...originOf(baseURL), ...clientAddress() },
  })
  expect(response.ok(), await response.text()).toBe(true)
}

/** A new browser context on the catalogue server, signed in as its admin. */
export async function adminPage(browser: Browser, viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({ baseURL: CATALOGUE_URL, viewport })
  const page = await context.newPage()
  await signInAsFirstAdmin(page)
  return page
}
