import { expect, test } from '@playwright/test'
import { createItem, FALCON_SLUG, uniqueToken, waitForImages } from './catalogue-support.ts'
import { adminPage } from './moderation-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  expectNoHorizontalOverflow,
  saveScreenshot,
  toastArea,
} from './support.ts'

/**
 * The item page: details, tabs, share, an unknown item, and pictures that cannot load.
 *
 * On the catalogue server (CATALOGUE_URL in e2e/accounts.ts says how it starts, with an admin).
 */
test.use({ baseURL: CATALOGUE_URL })

test('item page: details, tabs and share, read-only when signed out', async ({ page, context }) => {
  const errors = collectErrors(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // No share sheet here: Share copies the link.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined })
  })
  await page.goto(`/item/${FALCON_SLUG}`)
  await expect(page).toHaveTitle('Millennium Falcon · Brickfolio')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('75192-1 - Millennium Falcon')

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  await expect(breadcrumb.getByRole('link', { name: 'Ultimate Collector Series' })).toHaveAttribute(
    'href',
    '/sets?theme=171',
  )
  await expect(breadcrumb.getByRole('listitem').last()).toHaveText('75192-1 - Millennium Falcon')

  await expect(main.getByText('Licensed (1999–present)')).toBeVisible()
  const facts = main.getByRole('definition')
  await expect(facts).toHaveText(['2017', '7,541', '$849.99 US', '8'])

  // Signed out: Share only.
  for (const name of ['Edit Item', 'Delete', 'Add to Collection', 'Set Alert']) {
    await expect(main.getByRole('button', { name })).toHaveCount(0)
    await expect(main.getByRole('link', { name })).toHaveCount(0)
  }

  // Tabs: Pricing first.
  const tabs = page.getByRole('tablist', { name: 'Item details' })
  await expect(tabs.getByRole('tab')).toHaveText(['Pricing', 'Sales History', 'Variants', 'Analysis'])
  await expect(tabs.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel').getByText('User data coming soon').first()).toBeVisible()
  await waitForImages(page)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'item-pricing')

  await tabs.getByRole('tab', { name: 'Sales History' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('No sales data available for this item yet.')
  await saveScreenshot(page, 'item-sales-history')
  await tabs.getByRole('tab', { name: 'Variants' }).click()
  await expect(page.getByRole('tabpanel')).toHaveText('No variants found for this item.')
  await saveScreenshot(page, 'item-variants')
  // Arrow keys move between tabs too.
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toHaveText('Detailed market analysis coming soon.')
  await saveScreenshot(page, 'item-analysis')

  await main.getByRole('button', { name: 'Share' }).click()
  await expect(toastArea(page).getByText('Link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${CATALOGUE_URL}/item/${FALCON_SLUG}`,
  )
  expect(errors).toEqual([])
})

test('the Sales History tab shows 50 sales at a time, with how many there are', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const admin = await adminPage(browser, page.viewportSize())
  const token = uniqueToken()
  const item = await createItem(admin.request, { name: `Busy Market ${token}`, number: `BM${token}-1` })
  // 55 verified sales (an admin's are verified on entry), a few at a time.
  for (let batch = 0; batch < 5; batch++) {
    await Promise.all(
      Array.from({ length: 11 }, async (_, index) => {
        const response = await admin.request.post(`/api/items/${item.id}/sales`, {
          data: {
            price: `${10 + batch * 11 + index}.00`,
            currency: 'GBP',
            conditionId: 1,
            saleDate: new Date().toISOString().slice(0, 10),
            source: 'eBay',
          },
          headers: { origin: CATALOGUE_URL },
        })
        expect(response.status(), await response.text()).toBe(201)
      }),
    )
  }
  await admin.context().close()
  await page.goto(`/item/${item.slug}`)
  await page.getByRole('tab', { name: 'Sales History' }).click()
  const sales = page.getByRole('list', { name: 'Sales' }).locator(':scope > li')
  await expect(sales).toHaveCount(50)
  await expect(page.getByText('Showing 50 of 55')).toBeVisible()
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `e2e/screenshots/sales-history-paged-${page.viewportSize()?.width}.png` })
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(sales).toHaveCount(55)
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)
})

test('an unknown item says so, with a way home', async ({ page }) => {
  await page.goto('/item/no-such-set-anywhere')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Item Not Found')
  await expect(page).toHaveTitle('Item Not Found · Brickfolio')
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'item-not-found')
  await main.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('pictures fall back to the placeholder when the catalogue host is unreachable', async ({ page }) => {
  const proxied = page.waitForRequest((request) => request.url().includes('/api/proxy-image?url='))
  await page.goto(`/item/${FALCON_SLUG}`)
  const request = await proxied
  expect(new URL(request.url()).searchParams.get('url')).toBe(
    'https://cdn.rebrickable.com/media/sets/75192-1.jpg',
  )
  const picture = page.getByRole('main').getByRole('img', { name: 'Millennium Falcon' })
  await expect(picture).toHaveAttribute('src', '/images/placeholder-set.svg')
  // The placeholder itself loads (it may still be on its way after the src is set).
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)

  // The figures' placeholder on a minifigure's card.
  await page.goto('/minifigures?set=75192-1')
  const figure = page.getByTestId('minifig-card').first().getByRole('img')
  await expect(figure).toHaveAttribute('src', '/images/placeholder-minifig.svg')

  // And in the search box's list.
  await page.goto('/')
  await page.getByRole('combobox', { name: 'Search sets and minifigures' }).fill('falcon')
  const option = page.getByRole('option', { name: /75192-1/ })
  await expect(option.getByRole('img', { name: 'Millennium Falcon' })).toHaveAttribute(
    'src',
    '/images/placeholder-set.svg',
  )
})
