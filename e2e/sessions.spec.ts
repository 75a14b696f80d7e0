import { type APIRequestContext, expect, test } from '@playwright/test'
import { E2E_PORT } from './accounts.ts'
import { clientAddress, originOf, signUpViaApi } from './collection-support.ts'
import {
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  PASSWORD,
  saveScreenshot,
} from './support.ts'

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:140.0) Gecko/20100101 Firefox/140.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

/** Another device: an API client of its own, signed in as the same user. */
async function signInElsewhere(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
  email: string,
  userAgent: string,
): Promise<APIRequestContext> {
  const device = await playwright.request.newContext({
    baseURL,
    userAgent,
    extraHTTPHeaders: originOf(baseURL),
  })
  const response = await device.post('/api/auth/login', {
    data: { email, password: PASSWORD },
    headers: clientAddress(),
  })
  expect(response.status(), await response.text()).toBe(200)
  return device
}

const signedIn = async (device: APIRequestContext) => (await device.get('/api/auth/user')).status() === 200

test('the profile lists where you are signed in and signs other devices out', async ({
  page,
  playwright,
  baseURL,
}) => {
  const errors = collectErrors(page)
  const base = baseURL as string
  const email = await signUpViaApi(page, base, { label: 'sessions' })
  const laptop = await signInElsewhere(playwright, base, email, FIREFOX_MAC)
  const phone = await signInElsewhere(playwright, base, email, SAFARI_IPHONE)

  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Sessions' })
  const rows = card.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')
  await expect(rows).toHaveCount(3)
  // This browser first, marked; then the others, most recently used first.
  await expect(rows.nth(0)).toContainText('Chrome on Windows')
  await expect(rows.nth(0)).toContainText('This device')
  await expect(rows.nth(0)).toContainText('active now')
  await expect(rows.nth(0).getByRole('button')).toHaveCount(0)
  await expect(card.getByText('Safari on iOS')).toBeVisible()
  await expect(card.getByText('Firefox on macOS')).toBeVisible()
  await expect(rows.nth(1)).toContainText(/last seen (just now|\d+ minutes? ago)/)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'profile-sessions')

  // Sign one device out: it loses its session, the others keep theirs.
  await card.getByRole('button', { name: /^Sign out Firefox on macOS/ }).click()
  await expectToastShown(page, 'Signed out Firefox on macOS')
  await expect(rows).toHaveCount(2)
  expect(await signedIn(laptop)).toBe(false)
  expect(await signedIn(phone)).toBe(true)

  // Sign out everywhere else: only this device is left, still signed in.
  await card.getByRole('button', { name: 'Sign out other sessions' }).click()
  await expectToastShown(page, '1 other session ended.')
  await expect(rows).toHaveCount(1)
  await expect(card.getByRole('button', { name: 'Sign out other sessions' })).toHaveCount(0)
  expect(await signedIn(phone)).toBe(false)
  await page.reload()
  await expect(rows).toHaveCount(1)
  await expect(rows.nth(0)).toContainText('This device')

  await laptop.dispose()
  await phone.dispose()
  expect(errors).toEqual([])
})

test('a link to /api/logout on another site does not sign you out', async ({ page, baseURL }) => {
  const base = baseURL as string
  await signUpViaApi(page, base, { label: 'logout-csrf' })
  // localhost and 127.0.0.1 are different sites to the browser: the navigation is cross-site, yet the
  // SameSite=Lax cookie goes along with it, as it would from an attacker's page.
  await page.goto(`http://localhost:${E2E_PORT}/healthz`)
  await page.evaluate((target) => {
    window.location.href = target
  }, `${base}/api/logout`)
  await page.waitForURL(`${base}/`)
  expect((await page.request.get(`${base}/api/auth/user`)).status()).toBe(200)

  // The app's own sign-out still works.
  await page.goto('/profile')
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu/ })
    .click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Up / Login' })).toBeVisible()
  expect((await page.request.get(`${base}/api/auth/user`)).status()).toBe(401)
})
