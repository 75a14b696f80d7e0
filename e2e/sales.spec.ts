import { expect, test } from '@playwright/test'
import { ADMIN_EMAIL, PASSWORD } from './accounts.ts'
import { createItem, signUpCollector, uniqueToken } from './catalogue-support.ts'
import {
  adminPage,
  fillSale,
  newMarketItem,
  recordDialog,
  recordSaleThroughDialog,
  salesOf,
  sameOrigin,
} from './market-support.ts'
import { CATALOGUE_URL, collectErrors, daysAgo, saveScreenshot, toastArea } from './support.ts'

/**
 * The item page's Sales History tab and the Record a sale dialog: pending sales, bad input, loading
 * and failure.
 *
 * On the catalogue server (E2E_PORT + 2), whose database starts with an admin (e2e/seed-admin.ts): an
 * admin's sales are verified on entry, a new member's wait for review. The e2e servers have no live
 * exchange rates, so the built-in ones apply (0.73 GBP per US dollar). Each test adds its own item,
 * so the desktop and mobile projects never see each other's sales.
 */
test.use({ baseURL: CATALOGUE_URL })

test('a new member records a pending sale: no Verify or Delete, and the API refuses to verify', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  await signUpCollector(page, 'market-member')
  const item = await newMarketItem(page, 'Pending Set')
  await page.goto(`/item/${item.slug}`)
  await page.getByRole('tab', { name: 'Sales History' }).click()
  const panel = page.getByRole('tabpanel')
  await expect(panel.getByText('No sales data available for this item yet.')).toBeVisible()
  await expect(panel.getByText('0 sale(s) recorded')).toBeVisible()

  await recordSaleThroughDialog(
    page,
    panel.getByRole('button', { name: 'Record a sale' }),
    { price: '42.50', currency: 'EUR', condition: 'Used/Complete', date: daysAgo(3), source: 'Local sale' },
    'Pending review',
  )
  const row = panel.getByTestId('sale')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Pending')
  await expect(row).toContainText('Used/Complete')
  await expect(row).toContainText('Originally EUR 42.50')
  await expect(row.getByText('Verified', { exact: true })).toHaveCount(0)
  await expect(panel.getByRole('button', { name: 'Verify' })).toHaveCount(0)
  await expect(panel.getByRole('button', { name: /^Delete sale/ })).toHaveCount(0)

  // A pending sale does not count: still no fair price.
  await page.getByRole('tab', { name: 'Pricing' }).click()
  await expect(panel.getByRole('heading', { name: 'User data coming soon' })).toBeVisible()

  const [sale] = (await salesOf(page, item.id)).sales
  if (!sale) throw new Error('The sale was not recorded')
  expect(sale.status).toBe('pending')
  const verify = await page.request.post(`/api/sales/${sale.id}/verify`, { headers: sameOrigin })
  expect(verify.status()).toBe(403)
  expect(((await verify.json()) as { message: string }).message).toBe(
    'Only trusted members and admins can verify sales.',
  )
  const remove = await page.request.delete(`/api/sales/${sale.id}`, { headers: sameOrigin })
  expect(remove.status()).toBe(403)

  // An admin sees it waiting and verifies it; then it counts.
  const admin = await adminPage(browser, page.viewportSize())
  await admin.goto(`/item/${item.slug}`)
  await admin.getByRole('tab', { name: 'Sales History' }).click()
  const adminPanel = admin.getByRole('tabpanel')
  await expect(adminPanel.getByText('Pending', { exact: true })).toBeVisible()
  await adminPanel.getByRole('button', { name: 'Verify' }).click()
  await expect(toastArea(admin).getByText('Sale verified')).toBeVisible()
  await expect(adminPanel.getByText('Verified', { exact: true })).toBeVisible()
  await expect(adminPanel.getByRole('button', { name: 'Verify' })).toHaveCount(0)
  await admin.context().close()

  // Now it counts: €42.50 at 0.85 EUR and 0.73 GBP per US dollar is £36.50, in the member's dollars.
  await page.reload()
  const usedCard = panel.getByRole('region', { name: 'Fair Price · Used' })
  await expect(usedCard.getByTestId('fair-price')).toHaveText('$50.00')
  await expect(panel.getByRole('region', { name: 'Fair Price · New' })).toContainText('No data')
  expect(errors).toEqual([])
})

test('bad input in the Record a sale dialog shows the messages and records nothing', async ({ page }) => {
  const errors = collectErrors(page)
  await signUpCollector(page, 'market-typo')
  const item = await newMarketItem(page, 'Typo Set')
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/sales')) posts.push(request.url())
  })
  await page.goto(`/item/${item.slug}`)
  await page.getByRole('tabpanel').getByRole('button', { name: 'Record a sale' }).click()
  const dialog = recordDialog(page)
  const submit = dialog.getByRole('button', { name: 'Record sale' })

  // Nothing filled in.
  await submit.click()
  await expect(dialog.getByText(/^Price must be an amount such as 49\.99/)).toBeVisible()
  await expect(dialog.getByText('Please select a condition')).toBeVisible()
  await expect(dialog.getByText(/^Source must be one of eBay, BrickLink/)).toBeVisible()
  await expect(dialog.getByLabel('Price')).toHaveAttribute('aria-invalid', 'true')

  // A negative price, a future date, a huge number, zero.
  await fillSale(page, { price: '-5', date: daysAgo(-3), source: 'eBay' })
  await expect(dialog.getByText(/^Price must be an amount such as 49\.99/)).toBeVisible()
  await expect(dialog.getByText('Sale date cannot be in the future')).toBeVisible()
  await expect(dialog.getByText('Please select a condition')).toBeVisible()
  await expect(dialog.getByText(/^Source must be one of/)).toHaveCount(0)
  await saveScreenshot(page, 'market-record-sale-errors', { fullPage: false })
  await dialog.getByLabel('Price').fill('1000000000')
  await expect(dialog.getByText('Price must be an amount such as 49.99 (at most 99999999.99)')).toBeVisible()
  await dialog.getByLabel('Price').fill('0')
  await expect(dialog.getByText('Price must be more than 0')).toBeVisible()
  await submit.click()
  await expect(dialog).toBeVisible()

  // Escape closes it; nothing was sent, nothing was recorded.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(posts).toEqual([])
  expect((await salesOf(page, item.id)).total).toBe(0)
  expect(errors).toEqual([])
})

test('the Sales History tab shows three skeleton rows, then a failure with a way to log in again', async ({
  page,
  request,
}) => {
  // The item is added by the admin through the API; the page itself is a signed-out visitor's.
  const login = await request.post('/api/auth/login', {
    data: { email: ADMIN_EMAIL, password: PASSWORD },
    headers: sameOrigin,
  })
  expect(login.ok()).toBe(true)
  const token = uniqueToken()
  const item = await createItem(request, { name: `Broken Set ${token}`, number: `MK${token}-1` })
  // The session is gone: the server answers with a login page instead of data.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(`**/api/items/${item.id}/sales?**`, async (route) => {
    await held
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Login</title>',
    })
  })
  await page.goto(`/item/${item.slug}`)
  await page.getByRole('tab', { name: 'Sales History' }).click()
  const panel = page.getByRole('tabpanel')
  await expect(panel.getByTestId('sale-skeleton')).toHaveCount(3)
  release()
  const alert = panel.getByRole('alert')
  await expect(alert).toContainText('Unable to load sales data')
  await expect(alert).toContainText('Authentication required. Please refresh the page and log in.')
  await expect(alert.getByRole('button', { name: 'Refresh & Login' })).toBeVisible()
  await saveScreenshot(page, 'market-sales-error', { fullPage: false })
  await alert.getByRole('button', { name: 'Refresh & Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})
