import { expect, type Locator, type Page, test } from '@playwright/test'
import {
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  recordToasts,
  saveScreenshot,
} from './support.ts'

const DISCLAIMER =
  'Brickfolio is not affiliated with, sponsored by or endorsed by the LEGO Group. LEGO® is a trademark of the LEGO Group.'

async function expectShell(page: Page): Promise<void> {
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Brickfolio home' })).toBeVisible()
  await expect(header.getByRole('button', { name: 'Sign Up / Login' })).toBeVisible()

  const footer = page.getByRole('contentinfo')
  await expect(footer.getByText(DISCLAIMER)).toBeVisible()
  for (const name of ['About', 'Blog', 'Privacy', 'Terms']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(footer.getByRole('link', { name: 'support@brickfolio.app' })).toHaveAttribute(
    'href',
    'mailto:support@brickfolio.app',
  )
  await expect(footer.getByRole('link', { name: 'Rebrickable' })).toHaveAttribute(
    'href',
    'https://rebrickable.com',
  )
}

test('the landing screen loads with header, hero and footer', async ({ page }) => {
  const errors = collectErrors(page)

  await page.goto('/')
  await expect(page).toHaveTitle('Brickfolio')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('living investment')
  await expect(page.getByRole('link', { name: 'Start Free — Add Your First Set' })).toHaveAttribute(
    'href',
    '/login?mode=sign-up',
  )
  await expect(page.getByRole('combobox', { name: 'Search sets and minifigures' })).toHaveAttribute(
    'placeholder',
    'Try searching for a minifigure',
  )
  await expect(page.getByRole('link', { name: 'Take the quiz' })).toHaveAttribute(
    'href',
    '/login?mode=sign-up',
  )
  await expect(page.getByRole('link', { name: 'Create your free account' })).toHaveAttribute(
    'href',
    '/login?mode=sign-up',
  )
  await expectShell(page)

  const features = page.locator('#features')
  for (const title of ['Track Value', 'Collection Dashboard', 'Market Insights', 'Community Hub']) {
    await expect(features.getByRole('heading', { name: title })).toBeVisible()
  }
  await page.getByRole('link', { name: 'Learn More' }).click()
  await expect(page).toHaveURL(/#features$/)
  await expect(features.getByRole('heading', { name: 'Everything your collection needs' })).toBeInViewport()

  await page.evaluate(() => window.scrollTo(0, 0))
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'landing')
  expect(errors).toEqual([])
})

test('Sign Up / Login goes through /api/login to the login page', async ({ page }) => {
  const visited: string[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest()) visited.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign Up / Login' }).click()
  // Without single sign-on configured, the server sends /api/login on to the login page.
  await expect(page).toHaveURL(/\/login$/)
  expect(visited).toContain('/api/login')
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('link', { name: 'Continue with single sign-on' })).toHaveCount(0)
})

test('inside a frame, the call to action opens login in a popup and reloads when it closes', async ({
  page,
}) => {
  await page.goto('/no-such-page')
  // Frame the landing page in a page of the same origin (the server allows frame-ancestors 'self').
  await page.evaluate(() => {
    document.body.innerHTML = '<iframe title="embedded" src="/" style="width:1000px;height:700px"></iframe>'
  })
  const frame = page.frameLocator('iframe[title="embedded"]')
  const cta = frame.getByRole('link', { name: 'Start Free — Add Your First Set' })
  await expect(cta).toBeVisible()
  const framed = page.frames().find((candidate) => candidate !== page.mainFrame())
  await framed?.evaluate(() => {
    ;(window as unknown as { marker?: boolean }).marker = true
  })

  const popupOpened = page.waitForEvent('popup')
  await cta.click()
  const popup = await popupOpened
  await popup.waitForURL(/\/login$/)
  // The frame itself stayed on the landing page.
  await expect(cta).toBeVisible()

  await popup.close()
  await expect
    .poll(
      async () =>
        page
          .frames()
          .find((candidate) => candidate !== page.mainFrame())
          ?.evaluate(() => (window as unknown as { marker?: boolean }).marker ?? false)
          // Asked in the middle of the reload itself: ask again.
          .catch(() => 'reloading'),
      { timeout: 5_000 },
    )
    .toBe(false)
})

test('the item search box finds, lists and opens items from 3 characters', async ({ page }) => {
  await page.goto('/')
  const box = page.getByRole('combobox', { name: 'Search sets and minifigures' })
  await box.fill('fa')
  await page.waitForTimeout(400)
  await expect(box).toHaveAttribute('aria-expanded', 'false')

  await box.fill('falcon')
  const list = page.getByRole('listbox', { name: 'Matching items' })
  const falcon = list.getByRole('option', { name: /75192-1/ })
  await expect(falcon).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await expect(falcon).toContainText('Millennium Falcon')
  await expect(falcon).toContainText('Ultimate Collector Series')
  await expect(falcon).toContainText('Set')
  // The US retail price, in dollars, with its region.
  await expect(falcon).toContainText('$849.99 US')
  // No picture can load here, so each row falls back to a placeholder that still names the item.
  await expect(falcon.getByRole('img', { name: /Millennium Falcon/ })).toBeVisible()

  // Arrows move the highlight (none at first), Escape clears and leaves the box.
  await expect(box).not.toHaveAttribute('aria-activedescendant')
  await box.press('ArrowDown')
  const firstId = await list.getByRole('option').first().getAttribute('id')
  await expect(box).toHaveAttribute('aria-activedescendant', firstId ?? '')
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  await box.press('Escape')
  await expect(box).toHaveValue('')
  await expect(box).not.toBeFocused()
  await expect(list).toBeHidden()

  await box.fill('zzzqqq')
  // Shown in the list (and announced through a live region, hence first()).
  await expect(page.getByText('No items found for "zzzqqq"').first()).toBeVisible()

  // Outside click closes; focusing again reopens with the same query.
  await box.fill('falcon')
  await expect(falcon).toBeVisible()
  await page.getByRole('heading', { level: 1 }).click()
  await expect(list).toBeHidden()
  await box.focus()
  await expect(falcon).toBeVisible()

  // Enter opens the highlighted item and clears the box.
  await box.press('ArrowDown')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/item\/75192-1-millennium-falcon$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('75192-1 - Millennium Falcon')
})

test('sets, minifigures and item pages are open to signed-out visitors', async ({ page }) => {
  await page.goto('/sets')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('LEGO Sets')
  await page.goto('/minifigures')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('LEGO Minifigures')
})

test('a signed-out visit to a signed-in screen says so and goes to login', async ({ page }) => {
  await recordToasts(page)
  await page.goto('/profile')
  await expectToastShown(page, 'Unauthorized', 'You are logged out. Logging in again...')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible()
})

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found')
  await expect(page).toHaveTitle('Page Not Found · Brickfolio')
  await expectShell(page)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'not-found')

  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Start Free — Add Your First Set' })).toBeVisible()
})

test('the currency menu works by keyboard from the first key, though its code loads only then', async ({
  page,
}) => {
  const errors = collectErrors(page)
  const menuCode: string[] = []
  page.on('request', (request) => {
    if (/currency-menu-list/.test(request.url())) menuCode.push(request.url())
  })
  await page.goto('/')
  const trigger = page.getByRole('banner').getByRole('button', { name: /Display currency/ })
  await expect(trigger).toHaveText(/USD/)
  expect(menuCode).toEqual([])
  // Each currency's flag is a picture, drawn wherever emoji flags are not (Windows shows them as letters).
  const drawn = (image: Locator) =>
    image.evaluate(
      (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth,
    )
  await expect.poll(() => drawn(trigger.locator('img'))).toBeGreaterThan(0)
  const usdFlag = await trigger.locator('img').getAttribute('src')

  // Focus, then Enter: the menu opens with its first choice focused.
  await trigger.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  expect(menuCode).toHaveLength(1)
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused()
  const flags = menu.locator('img')
  await expect(flags).toHaveCount(10)
  for (const flag of await flags.all()) await expect.poll(() => drawn(flag)).toBeGreaterThan(0)
  await saveScreenshot(page, 'currency-menu', { fullPage: false })
  // Escape closes it and gives focus back to the trigger; ArrowDown opens it again.
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitemradio', { name: /^EUR/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(trigger).toHaveText(/EUR/)
  await expect(trigger).toBeFocused()
  await expect(trigger.locator('img')).not.toHaveAttribute('src', usdFlag as string)
  expect(errors).toEqual([])
})

test('a menu pressed while its code arrives opens, though the real button takes the place of the stand-in before the release', async ({
  page,
}) => {
  const errors = collectErrors(page)
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/currency-menu-list-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  const trigger = page.getByRole('banner').getByRole('button', { name: /Display currency/ })
  await expect(trigger).toHaveText(/USD/)
  const box = await trigger.boundingBox()
  if (!box) throw new Error('the currency button has no box')
  // Pointing at it starts the download (held here); the press comes before the code, the release after it.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  release()
  await expect(trigger).toHaveAttribute('data-state', /^(open|closed)$/)
  await page.mouse.up()
  await expect(page.getByRole('menu')).toBeVisible()
  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  expect(errors).toEqual([])
})

test('a screen whose code is gone after a deploy reloads the page once, then shows', async ({ page }) => {
  // The first request for the sets page's chunk fails, as an old chunk does once a new version is out.
  let requests = 0
  await page.route(/\/assets\/sets-page-[\w-]+\.js$/, async (route) => {
    requests++
    if (requests === 1) await route.fulfill({ status: 404, contentType: 'application/json', body: '{}' })
    else await route.continue()
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // A client-side navigation, as a link in the app makes.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/sets')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByRole('heading', { name: 'LEGO Sets', level: 1 })).toBeVisible()
  await expect(page).toHaveURL(/\/sets$/)
  expect(requests).toBe(2)
})
