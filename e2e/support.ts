import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { addDays, todayUtc } from '#shared/dates.ts'
import { PASSWORD, PRIVATE_BETA_PORT } from './accounts.ts'

export { ADMIN_EMAIL, CATALOGUE_URL, PASSWORD } from './accounts.ts'

/** The second e2e server, started with BETA_PUBLIC=false (playwright.config.ts). */
export const PRIVATE_BETA_URL = `http://127.0.0.1:${PRIVATE_BETA_PORT}`

const TOAST_LOG = 'e2e-toasts'
const recording = new WeakSet<Page>()

/**
 * From now on, every toast this page shows is written to sessionStorage as it appears, so one that is
 * gone before a check runs (the 500 ms Unauthorized toast, then a full-page redirect to login) is still
 * seen. Call it before the navigation that raises the toast.
 */
export async function recordToasts(page: Page): Promise<void> {
  if (recording.has(page)) return
  recording.add(page)
  await page.addInitScript((key) => {
    new MutationObserver(() => {
      const toast = document.querySelector('[role="region"][aria-label^="Notifications"] li')
      const text = toast?.textContent
      if (!text) return
      const log: string[] = JSON.parse(sessionStorage.getItem(key) ?? '[]')
      if (log.at(-1) !== text) sessionStorage.setItem(key, JSON.stringify([...log, text]))
    }).observe(document, { childList: true, subtree: true, characterData: true })
  }, TOAST_LOG)
}

/**
 * Asserts that the toast area shows every one of `texts`, looking at each frame. The spec's Unauthorized
 * toast shows for only 500 ms before the app goes to login (spec 01 §8): shorter than a loaded machine
 * may leave between two of `expect(…).toBeVisible()`'s backing-off looks, and once the redirect has
 * begun those wait for the next page, where the toast is gone. On a page that `recordToasts`, the
 * toasts it has shown count too, also across that redirect.
 */
export async function expectToastShown(page: Page, ...texts: string[]): Promise<void> {
  if (recording.has(page)) {
    await expect
      .poll(
        () =>
          page
            .evaluate(
              ([key, wanted]) => {
                const log: string[] = JSON.parse(sessionStorage.getItem(key as string) ?? '[]')
                const live = document.querySelector('[role="region"][aria-label^="Notifications"] li')
                return [...log, live?.textContent ?? ''].some((text) =>
                  (wanted as string[]).every((part) => text.includes(part)),
                )
              },
              [TOAST_LOG, texts] as const,
            )
            // Between two pages there is nothing to ask; the next look will.
            .catch(() => false),
        { timeout: 10_000 },
      )
      .toBe(true)
    // Seen: the next check waits for a toast of its own. A navigation under way (the redirect to login) can
    // destroy the page's context mid-call: then it is asked again on the page that follows.
    await expect
      .poll(() =>
        page
          .evaluate((key) => sessionStorage.removeItem(key), TOAST_LOG)
          .then(() => true)
          .catch(() => false),
      )
      .toBe(true)
    return
  }
  await page.waitForFunction(
    (wanted) => {
      const area = document.querySelector<HTMLElement>('[role="region"][aria-label^="Notifications"]')
      const toast = area?.querySelector<HTMLElement>('li')
      return Boolean(toast?.checkVisibility() && wanted.every((text) => toast.textContent?.includes(text)))
    },
    texts,
    { polling: 'raf', timeout: 10_000 },
  )
}

/** A new address per call, so runs and projects never collide. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Saves a full-page screenshot as e2e/screenshots/<name>-<viewport width>.png. */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const width = page.viewportSize()?.width ?? 0
  // From the top, so the sticky header and fixed bottom bar sit where a visitor sees them.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({
    path: `e2e/screenshots/${name}-${width}.png`,
    fullPage: options.fullPage ?? true,
    animations: 'disabled',
  })
}

/** At phone width nothing may stick out sideways. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(
    innerWidth,
  )
}

/**
 * Collects page errors and console errors. Some kinds are expected and skipped: the browser logs
 * every 4xx answer as a console error, and the signed-out 401 from /api/auth/user is the spec's own
 * protocol; catalogue pictures load through the image proxy, which cannot reach the catalogue hosts
 * here (no internet), so those requests fail and the screens show placeholders instead; and the
 * Content-Security-Policy (img-src 'self') blocks any picture that would skip the proxy.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    if (/status of 401/.test(text) && message.location().url.endsWith('/api/auth/user')) return
    if (/^Failed to load resource/.test(text) && message.location().url.includes('/api/proxy-image?')) return
    if (/^Loading the image '.*' violates the following Content Security Policy directive/.test(text)) return
    errors.push(text)
  })
  return errors
}

export function toastArea(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ })
}

/** Fills and submits the Create account form on /login. */
export async function signUp(page: Page, email: string, names: { first?: string; last?: string } = {}) {
  await page.goto('/login')
  await page.getByRole('tab', { name: 'Create account' }).click()
  const form = page.getByRole('form', { name: 'Create account' })
  if (names.first) await form.getByLabel('First name').fill(names.first)
  if (names.last) await form.getByLabel('Last name').fill(names.last)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Create account' }).click()
}

export async function openUserMenu(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu/ })
    .click()
}

export async function chooseCurrency(page: Page, code: string): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Display currency/ })
    .click()
  await page.getByRole('menuitemradio', { name: new RegExp(`^${code}\\b`) }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: /Display currency/ })).toContainText(code)
}

export { todayUtc }

/** A day in UTC, the server's calendar, `days` before today. */
export const daysAgo = (days: number) => addDays(todayUtc(), -days)

/**
 * Waits until the item's prices follow every sale change committed so far: they are recomputed just after
 * commit (DESIGN §5), and the price summary says `updating` meanwhile.
 */
export async function pricesSettled(request: APIRequestContext, itemId: number): Promise<void> {
  await expect
    .poll(async () => (await (await request.get(`/api/items/${itemId}/price-summary`)).json()).updating, {
      timeout: 10_000,
      intervals: [50, 100, 200],
    })
    .toBe(false)
}
