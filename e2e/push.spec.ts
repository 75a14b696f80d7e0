import { AxeBuilder } from '@axe-core/playwright'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { type PushBrowser, pushBrowser } from '../test/support/push-service.ts'
import { PUSH_SERVICE_URL } from './accounts.ts'
import { memberWatchingNewItem } from './alert-support.ts'
import { recordSale, uniqueToken } from './catalogue-support.ts'
import { signUpViaApi } from './collection-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  saveScreenshot,
} from './support.ts'

/**
 * Push notifications of price alerts (ADR 053) in Chromium: the profile turns them on in this browser (its own
 * permission, its service worker), sends a test notification, an admin's sale fires the member's alert and its
 * notification reaches the push service encrypted to this browser, the service worker shows what it is
 * pushed, and turning it off ends it.
 *
 * The browser's push service (Google's, for Chromium) is not reachable here, so PushManager's subscribe and
 * getSubscription are replaced by ones that give a subscription at the suite's push service
 * (e2e/push-service.ts), with keys this test holds: everything after that — our API, the pusher, the
 * encryption, the VAPID signature, the service worker — is the real thing.
 */
test.use({ baseURL: CATALOGUE_URL })

/** Lets `context` show notifications and subscribe `browser` at the suite's push service. */
async function pushInto(context: BrowserContext, browser: PushBrowser) {
  await context.grantPermissions(['notifications'], { origin: CATALOGUE_URL })
  await context.addInitScript((subscription) => {
    const SAVED = 'e2e-push-subscription'
    const base64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    const bytes = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))
    const made = (serverKey: string) =>
      ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey).buffer },
        toJSON: () => subscription,
        unsubscribe: async () => {
          localStorage.removeItem(SAVED)
          return true
        },
      }) as unknown as PushSubscription
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = base64url(new Uint8Array(options?.applicationServerKey as ArrayBuffer))
      localStorage.setItem(SAVED, key)
      return made(key)
    }
    PushManager.prototype.getSubscription = async () => {
      const key = localStorage.getItem(SAVED)
      return key ? made(key) : null
    }
  }, browser.subscription)
}

/** Pushes `data` to the page's service worker as its push service would (DevTools' deliverPushMessage). */
async function deliverToWorker(page: Page, data: string) {
  const cdp = await page.context().newCDPSession(page)
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(CATALOGUE_URL))
      if (found) resolve(found.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: CATALOGUE_URL,
    registrationId: await registration,
    data,
  })
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag }) => ({
      title,
      body,
      tag,
    })),
  )

test('push notifications: on in this browser, a test, an alert that fires, shown by the worker, off', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const token = uniqueToken()
  const { member, admin, item } = await memberWatchingNewItem(
    browser,
    page.viewportSize(),
    { first: 'Petra', last: `Pushed${token}` },
    { name: `Signal Tower ${token}`, number: `ST${token}-1` },
  )
  const phone = pushBrowser(PUSH_SERVICE_URL)
  await pushInto(member.context(), phone)
  const errors = collectErrors(member)

  await member.goto('/profile')
  const card = member.getByRole('region', { name: 'Push notifications' })
  await expect(card).toContainText(
    'When a price alert fires, this browser can tell you at once, even when Brickfolio is closed.',
  )
  await card.getByRole('button', { name: 'Turn on in this browser' }).click()
  await expectToastShown(
    member,
    'Push notifications on',
    'This browser will show your price alerts as they fire.',
  )
  await expect(card).toContainText(
    'On in this browser: your price alerts show here as they fire, even when Brickfolio is closed.',
  )
  await expectNoHorizontalOverflow(member)
  await saveScreenshot(member, 'profile-push-on')
  const axe = await new AxeBuilder({ page: member })
    .include('[aria-labelledby="push-heading"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])

  // Kept: after a reload the card still knows this browser is on.
  await member.reload()
  await expect(card.getByRole('button', { name: 'Send a test notification' })).toBeVisible()
  await card.getByRole('button', { name: 'Send a test notification' }).click()
  await expectToastShown(member, 'Test notification sent', 'Sent to 1 browser: it should show in a moment.')
  await expect
    .poll(() => phone.received())
    .toEqual([
      {
        title: 'Brickfolio test notification',
        body: 'Your price alerts will reach this browser like this.',
        url: '/alerts',
        tag: 'test',
      },
    ])

  // The admin's £20 sale takes the fair price below the member's £30 alert: one notification, to this browser.
  await recordSale(admin.request, item.id)
  await expect.poll(async () => (await phone.received()).length, { timeout: 15_000 }).toBe(2)
  const alert = (await phone.received())[1]
  expect(alert).toEqual({
    title: `ST${token}-1 Signal Tower ${token} is below £30.00`,
    body: 'New/Sealed: fair price £20.00, below your alert at £30.00',
    url: `/item/${item.slug}`,
    tag: expect.stringMatching(/^alert-\d+$/),
  })

  // What the service worker shows of it.
  await deliverToWorker(member, JSON.stringify(alert))
  await expect
    .poll(() => shownNotifications(member))
    .toContainEqual({ title: alert?.title, body: alert?.body, tag: alert?.tag })

  await card.getByRole('button', { name: 'Turn off in this browser' }).click()
  await expectToastShown(
    member,
    'Push notifications off',
    'This browser will no longer show your price alerts.',
  )
  await expect(card.getByRole('button', { name: 'Turn on in this browser' })).toBeVisible()
  expect((await (await member.request.get('/api/me/push')).json()).devices).toBe(0)
  expect(errors).toEqual([])
})

test('a browser where notifications are blocked is told how to allow them', async ({ browser, page }) => {
  const context = await browser.newContext({ baseURL: CATALOGUE_URL, viewport: page.viewportSize() })
  const blocked = await context.newPage()
  await blocked.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' })
  })
  await signUpViaApi(blocked, CATALOGUE_URL, { label: 'push-blocked' })
  await blocked.goto('/profile')
  const card = blocked.getByRole('region', { name: 'Push notifications' })
  await expect(card).toContainText(
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then reload this page.',
  )
  await expect(card.getByRole('button')).toHaveCount(0)
  await expectNoHorizontalOverflow(blocked)
  await saveScreenshot(blocked, 'profile-push-blocked')
  await context.close()
})

test('the alerts centre offers push until the browser has asked, or the hint is closed', async ({ page }) => {
  const errors = collectErrors(page)
  await signUpViaApi(page, CATALOGUE_URL, { label: 'push-hint' })
  await page.goto('/alerts')
  const hint = page.getByRole('complementary', { name: 'Push notifications' })
  await expect(hint).toContainText('Get these in this browser as they fire, even when Brickfolio is closed')
  await expect(
    hint.getByRole('link', { name: 'turn on push notifications on your profile' }),
  ).toHaveAttribute('href', '/profile')
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'alerts-push-hint')
  await hint.getByRole('button', { name: 'Dismiss' }).click()
  await expect(hint).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
  await expect(hint).toHaveCount(0)

  // Where notifications are allowed already, there is nothing to offer.
  const allowed = await page.context().browser()?.newContext({ baseURL: CATALOGUE_URL })
  if (!allowed) throw new Error('no browser')
  await allowed.grantPermissions(['notifications'], { origin: CATALOGUE_URL })
  const other = await allowed.newPage()
  await signUpViaApi(other, CATALOGUE_URL, { label: 'push-hint-allowed' })
  await other.goto('/alerts')
  await expect(other.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
  await expect(other.getByRole('complementary', { name: 'Push notifications' })).toHaveCount(0)
  await allowed.close()
  expect(errors).toEqual([])
})
