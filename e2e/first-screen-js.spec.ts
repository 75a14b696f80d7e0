import { gzipSync } from 'node:zlib'
import { expect, type Page, type Response, test } from '@playwright/test'
import { FALCON_SLUG } from './catalogue-support.ts'
import { signUpViaApi } from './collection-support.ts'
import { signInAsFirstAdmin } from './moderation-support.ts'

/**
 * DESIGN §9: the first screen of every route loads at most 150 KB of JavaScript, gzipped. The budget is a
 * size, not a time, so it is checked here, where the browser decides what a first screen loads: every
 * script our origin sends until the screen's heading shows and the network is idle, each gzipped as a
 * server would send it. The sizes are attached to the test's report.
 */
const BUDGET_BYTES = 150 * 1024

const baseUrl = () => test.info().project.use.baseURL as string

async function firstScreenScript(page: Page, path: string): Promise<number> {
  const scripts = new Map<string, Promise<number>>()
  const record = (response: Response) => {
    const url = response.url()
    if (response.request().resourceType() !== 'script' || !url.startsWith(baseUrl())) return
    scripts.set(
      url,
      response.body().then((body) => gzipSync(body).length),
    )
  }
  page.on('response', record)
  // Routing turns Playwright's HTTP cache off, so each screen counts every file it needs.
  await page.route('**/*.js', (route) => route.continue())
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  page.off('response', record)
  await page.unroute('**/*.js')
  const sizes = await Promise.all(scripts.values())
  const total = sizes.reduce((sum, size) => sum + size, 0)
  test.info().annotations.push({
    type: 'first-screen JS (gzip)',
    description: `${path}: ${(total / 1024).toFixed(1)} KB in ${sizes.length} files`,
  })
  return total
}

test('signed-out first screens stay within 150 KB of JavaScript, gzipped', async ({ page }) => {
  for (const path of ['/', '/login', '/sets', '/minifigures', `/item/${FALCON_SLUG}`]) {
    await page.context().clearCookies()
    expect(await firstScreenScript(page, path), path).toBeLessThanOrEqual(BUDGET_BYTES)
  }
})

test('signed-in first screens stay within 150 KB of JavaScript, gzipped', async ({ page }) => {
  // Eleven screens, each loaded cold: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000)
  await signUpViaApi(page, baseUrl(), { label: 'bundle' })
  for (const path of [
    '/',
    '/collection',
    '/collection/analytics',
    '/profile',
    '/add-item',
    '/import-data',
    '/wanted',
    '/watchlist',
    '/alerts',
    '/social-feed',
    '/gallery',
  ]) {
    expect(await firstScreenScript(page, path), path).toBeLessThanOrEqual(BUDGET_BYTES)
  }
})

test('the moderation screen, first screen, stays within 150 KB of JavaScript, gzipped', async ({ page }) => {
  // As the server's admin, who sees every tab.
  await signInAsFirstAdmin(page, baseUrl())
  expect(await firstScreenScript(page, '/moderation'), '/moderation').toBeLessThanOrEqual(BUDGET_BYTES)
})
