import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import type { PriceHistory, SalesList } from '#shared/contract/market.ts'
import { ADMIN_EMAIL, PASSWORD } from './accounts.ts'
import { createItem, signInAsAdmin, signUpCollector, uniqueToken } from './catalogue-support.ts'
import {
  CATALOGUE_URL,
  chooseCurrency,
  collectErrors,
  expectNoHorizontalOverflow,
  saveScreenshot,
  toastArea,
} from './support.ts'

/**
 * The item page's market: the Pricing tab (fair prices, trend, summary, prices by condition, the
 * price-history chart), the Sales History tab, and the Record a sale dialog.
 *
 * On the catalogue server (E2E_PORT + 2), whose database starts with an admin (e2e/seed-admin.ts): an
 * admin's sales are verified on entry, a new member's wait for review. The e2e servers have no live
 * exchange rates, so the built-in ones apply (0.73 GBP per US dollar). Each test adds its own item,
 * so the desktop and mobile projects never see each other's sales.
 */
test.use({ baseURL: CATALOGUE_URL })

const DAY_MS = 24 * 60 * 60 * 1000
/** A day in UTC, the server's calendar: 0 is today. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10)
const sameOrigin = { Origin: CATALOGUE_URL }

interface SaleInput {
  price: string
  currency?: string
  condition?: string
  date?: string
  source?: string
  reference?: string
}

async function newMarketItem(page: Page, label: string): Promise<ItemDetail> {
  const token = uniqueToken()
  return createItem(page.request, { name: `${label} ${token}`, number: `MK${token}-1` })
}

function recordDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Record a sale' })
}

/** Picks an option of one of the dialog's selects (options carry a description, hence the prefix match). */
async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click()
  await page
    .getByRole('option', { name: new RegExp(`^${option.replace(/[/.]/g, '\\$&')}`) })
    .first()
    .click()
  await expect(combobox).toContainText(option)
}

async function fillSale(page: Page, sale: SaleInput): Promise<void> {
  const dialog = recordDialog(page)
  if (sale.currency) await choose(page, dialog.getByRole('combobox', { name: 'Currency' }), sale.currency)
  await dialog.getByLabel('Price').fill(sale.price)
  if (sale.condition) await choose(page, dialog.getByLabel('Condition'), sale.condition)
  if (sale.date) await dialog.getByLabel('Sale date').fill(sale.date)
  if (sale.source) await choose(page, dialog.getByLabel('Source'), sale.source)
  if (sale.reference) await dialog.getByLabel('Reference').fill(sale.reference)
}

/** Opens the dialog from `button`, records the sale and waits for the toast and the dialog to close. */
async function recordSaleThroughDialog(
  page: Page,
  button: Locator,
  sale: SaleInput,
  expected: 'Verified' | 'Pending review',
): Promise<void> {
  await button.click()
  const dialog = recordDialog(page)
  await expect(dialog).toBeVisible()
  await fillSale(page, sale)
  await dialog.getByRole('button', { name: 'Record sale' }).click()
  await expect(toastArea(page).getByText('Sale recorded')).toBeVisible()
  await expect(toastArea(page).getByText(new RegExp(`^${expected}`))).toBeVisible()
  await expect(dialog).toBeHidden()
}

async function salesOf(page: Page, itemId: number): Promise<SalesList> {
  const response = await page.request.get(`/api/items/${itemId}/sales?limit=50`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as SalesList
}

async function adminPage(browser: Browser, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({ baseURL: CATALOGUE_URL, viewport })
  const page = await context.newPage()
  const response = await page.request.post('/api/auth/login', {
    data: { email: ADMIN_EMAIL, password: PASSWORD },
    headers: sameOrigin,
  })
  expect(response.ok()).toBe(true)
  return page
}

test('an admin records sales; the Pricing tab shows the fair price, trend, summary and history', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const errors = collectErrors(page)
  // The admin's saved display currency is shared by every spec using the admin, so this one never
  // changes it: the dialog's currency is chosen per sale, and the amounts are read by a signed-out
  // visitor below, whose currency choice stays in their own browser.
  await signInAsAdmin(page)
  const item = await newMarketItem(page, 'Market Set')
  await page.goto(`/item/${item.slug}`)
  const panel = page.getByRole('tabpanel')

  // No sales yet: the spec's text, and a way to record one.
  await expect(panel.getByRole('heading', { name: 'User data coming soon' })).toBeVisible()
  await expect(panel.getByText('How is this calculated?')).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'market-pricing-empty')

  // The dialog opens by keyboard, on the price, in the display currency, dated today.
  const headerCurrency = await page
    .getByRole('banner')
    .getByRole('button', { name: /Display currency/ })
    .innerText()
  await panel.getByRole('button', { name: 'Record a sale' }).focus()
  await page.keyboard.press('Enter')
  const dialog = recordDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Price')).toBeFocused()
  await expect(dialog.getByRole('combobox', { name: 'Currency' })).toHaveText(headerCurrency.trim().slice(-3))
  await expect(dialog.getByLabel('Sale date')).toHaveValue(daysAgo(0))
  await expect(dialog.getByLabel('Sale date')).toHaveAttribute('max', daysAgo(0))
  await expect(dialog.getByLabel('Price')).toHaveAttribute('step', '0.01')
  await fillSale(page, {
    price: '100',
    currency: 'GBP',
    condition: 'New/Sealed',
    source: 'eBay',
    reference: 'order-1',
  })
  await saveScreenshot(page, 'market-record-sale', { fullPage: false })
  await dialog.getByRole('button', { name: 'Record sale' }).click()
  await expect(toastArea(page).getByText('Sale recorded')).toBeVisible()
  await expect(toastArea(page).getByText(/^Verified/)).toBeVisible()
  await expect(dialog).toBeHidden()
  // With a price now, the Pricing tab shows it.
  await expect(panel.getByRole('region', { name: 'Fair Price · New' })).toBeVisible()

  // The same sale again: the server refuses, the toast says why, the dialog stays open.
  await page.getByRole('tab', { name: 'Sales History' }).click()
  const recordButton = panel.getByRole('button', { name: 'Record a sale' })
  await recordButton.click()
  await fillSale(page, {
    price: '100',
    currency: 'GBP',
    condition: 'New/Sealed',
    source: 'eBay',
    reference: 'order-1',
  })
  await dialog.getByRole('button', { name: 'Record sale' }).click()
  await expect(toastArea(page).getByText('Error', { exact: true })).toBeVisible()
  await expect(toastArea(page).getByText('This sale has already been recorded.')).toBeVisible()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(recordButton).toBeFocused()

  // Three more: 10 and 30 days ago in pounds, and one paid in dollars 200 days ago.
  const more: SaleInput[] = [
    { price: '120', currency: 'GBP', condition: 'New/Sealed', date: daysAgo(10), source: 'BrickLink' },
    { price: '80', currency: 'GBP', condition: 'New/Sealed', date: daysAgo(30), source: 'Vinted' },
    { price: '100', currency: 'USD', condition: 'New/Sealed', date: daysAgo(200), source: 'eBay' },
  ]
  for (const sale of more) await recordSaleThroughDialog(page, recordButton, sale, 'Verified')

  // Sales History: newest first, every one verified; the dollar sale says what it was paid in.
  await expect(panel.getByText('4 sale(s) recorded')).toBeVisible()
  const rows = panel.getByTestId('sale')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(3)).toContainText('Originally USD 100.00')
  await expect(panel.getByText(/^Originally /)).toHaveCount(1)
  await expect(rows.nth(0)).toContainText('New/Sealed')
  await expect(rows.nth(0)).toContainText('eBay')
  await expect(rows.nth(0)).toContainText('Ref order-1')
  await expect(rows.nth(1)).toContainText('BrickLink')
  await expect(rows.nth(2)).toContainText('Vinted')
  await expect(panel.getByText('Verified', { exact: true })).toHaveCount(4)
  await expect(panel.getByText('Pending', { exact: true })).toHaveCount(0)
  // An admin may delete; nothing is waiting, so nothing to verify.
  await expect(panel.getByRole('button', { name: /^Delete sale of/ })).toHaveCount(4)
  await expect(panel.getByRole('button', { name: 'Verify' })).toHaveCount(0)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'market-sales-history')

  // A visitor reads the market, in pounds first.
  const visitorContext = await browser.newContext({ baseURL: CATALOGUE_URL, viewport: page.viewportSize() })
  const visitor = await visitorContext.newPage()
  const visitorErrors = collectErrors(visitor)
  await visitor.goto(`/item/${item.slug}`)
  await chooseCurrency(visitor, 'GBP')
  const view = visitor.getByRole('tabpanel')

  // The weighted median of the three sales of the last 90 days is £100.00; confidence LOW (3 sales in
  // 90 days); trend +37.50% (30-day average 110 against 80 the 30 days before).
  const newCard = view.getByRole('region', { name: 'Fair Price · New' })
  await expect(newCard.getByTestId('fair-price')).toHaveText('£100.00')
  await expect(newCard).toContainText('LOW')
  await expect(newCard).toContainText('+37.50%')
  await expect(newCard).toContainText('4 sale(s) recorded')
  await expect(newCard).toContainText('3 in the last 90 days')
  await expect(newCard).toContainText('Weighted median of recent verified sales')
  await expect(newCard).toContainText(/Last updated (just now|\d+ minutes? ago)/)
  const usedCard = view.getByRole('region', { name: 'Fair Price · Used' })
  await expect(usedCard).toContainText('No data')
  await expect(usedCard).toContainText('LOW')

  const summary = view.getByRole('region', { name: 'Market Summary' })
  const cells = (row: string) => summary.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell')
  await expect(cells('Last sale').first()).toContainText('£100.00')
  await expect(cells('Last sale').first()).toContainText(formatDayLikeTheApp(daysAgo(0)))
  await expect(cells('30d average')).toHaveText(['£110.00', /none/])
  await expect(cells('90d average').first()).toHaveText('£100.00')
  await expect(cells('30d volume')).toHaveText(['2', '0'])

  const byCondition = view.getByRole('list', { name: 'Prices by condition' }).getByRole('listitem')
  await expect(byCondition).toHaveCount(1)
  await expect(byCondition.first()).toContainText('New/Sealed')
  await expect(byCondition.first()).toContainText('4 sale(s) recorded')
  await expect(byCondition.first()).toContainText('Based on user data')
  // (100 + 120 + 80 + 73) / 4 = 93.25
  await expect(byCondition.first()).toContainText('£93.25')

  // The explanation unfolds.
  await view.getByText('How is this calculated?').click()
  await expect(view.getByText(/counts about a third/)).toBeVisible()

  // In dollars at the built-in rate: 100 / 0.73 = 136.99.
  await chooseCurrency(visitor, 'USD')
  await expect(newCard.getByTestId('fair-price')).toHaveText('$136.99')
  await expect(cells('30d average').first()).toHaveText('$150.68')

  // The chart: 90D to start with; the range buttons ask for their range.
  const ranges = view.getByRole('group', { name: 'Range' })
  await expect(ranges.getByRole('button')).toHaveText(['30D', '90D', '1Y', 'ALL'])
  await expect(ranges.getByRole('button', { name: '90D' })).toHaveAttribute('aria-pressed', 'true')
  await expect(view.getByRole('img', { name: /^Fair price \(new\) over the last 90 days/ })).toBeVisible()
  // Not hovered, the legend shows the latest day.
  const legend = view.locator('figcaption')
  await expect(legend).toContainText('$136.99')

  const history = async (button: string, range: string): Promise<PriceHistory> => {
    const answer = visitor.waitForResponse(
      (response) => response.url().includes(`/price-history?range=${range}&grade=new`) && response.ok(),
    )
    await ranges.getByRole('button', { name: button }).click()
    const body = (await (await answer).json()) as PriceHistory
    await expect(ranges.getByRole('button', { name: button })).toHaveAttribute('aria-pressed', 'true')
    return body
  }
  const month = await history('30D', '30d')
  expect(month.points.map((point) => point.date)).toEqual([daysAgo(30), daysAgo(10), daysAgo(0)])
  await expect(ranges.getByRole('button', { name: '90D' })).toHaveAttribute('aria-pressed', 'false')
  await expect(view.getByRole('img', { name: /over the last 30 days/ })).toBeVisible()

  const year = await history('1Y', '1y')
  expect(year.points[0]).toEqual({ date: daysAgo(200), fairPrice: '73.00' })
  const yearChart = view.getByRole('img', { name: /over the last year: \$100\.00 on/ })
  await expect(yearChart).toBeVisible()
  // Hovering the chart shows that day's price in dollars: most of the year is the £73 sale's price.
  const plot = await yearChart.boundingBox()
  if (!plot) throw new Error('The chart has no box')
  await visitor.mouse.move(plot.x + plot.width * 0.3, plot.y + plot.height / 2)
  await expect(legend).toContainText('$100.00')
  await visitor.mouse.move(plot.x + plot.width - 2, plot.y + plot.height / 2)
  await expect(legend).toContainText('$136.99')
  await history('ALL', 'all')

  // The used grade has no history yet.
  const grades = view.getByRole('group', { name: 'Condition grade' })
  await grades.getByRole('button', { name: 'Used' }).click()
  await expect(grades.getByRole('button', { name: 'Used' })).toHaveAttribute('aria-pressed', 'true')
  await expect(view.getByText('No used price history for all time yet.')).toBeVisible()
  await grades.getByRole('button', { name: 'New' }).click()
  await ranges.getByRole('button', { name: '90D' }).click()
  await chooseCurrency(visitor, 'GBP')
  await visitor.mouse.move(0, 0)
  await expectNoHorizontalOverflow(visitor)
  await saveScreenshot(visitor, 'market-pricing')

  // The sales in pounds, as the visitor sees them: no Record, Verify or Delete.
  await visitor.getByRole('tab', { name: 'Sales History' }).click()
  const visitorRows = view.getByTestId('sale')
  await expect(visitorRows).toHaveCount(4)
  await expect(visitorRows.nth(0)).toContainText('£100.00')
  await expect(visitorRows.nth(1)).toContainText('£120.00')
  await expect(visitorRows.nth(2)).toContainText('£80.00')
  await expect(visitorRows.nth(3)).toContainText('£73.00')
  await expect(visitorRows.nth(3)).toContainText('Originally USD 100.00')
  await expect(view.getByRole('button')).toHaveCount(0)

  // The admin deletes the dollar sale: the count drops.
  await rows
    .nth(3)
    .getByRole('button', { name: /^Delete sale of/ })
    .click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Sale Record' })
  await expect(confirm).toContainText('This action cannot be undone.')
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toastArea(page).getByText('Sale deleted successfully')).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(panel.getByText('3 sale(s) recorded')).toBeVisible()
  await expect(rows).toHaveCount(3)
  await expect(panel.getByText(/^Originally /)).toHaveCount(0)
  expect((await salesOf(page, item.id)).total).toBe(3)
  await page.getByRole('tab', { name: 'Pricing' }).click()
  await expect(panel.getByRole('region', { name: 'Fair Price · New' })).toContainText('3 sale(s) recorded')

  await visitor.reload()
  await expect(newCard).toContainText('3 sale(s) recorded')
  await expect(byCondition.first()).toContainText('3 sale(s) recorded')
  await visitorContext.close()
  // Only the refused duplicate logged an error: its 409.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([])
  expect(visitorErrors).toEqual([])
})

/** A day as the app writes it, e.g. '3 Mar 2026'. */
function formatDayLikeTheApp(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

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
