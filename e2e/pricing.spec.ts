import { expect, test } from '@playwright/test'
import type { PriceHistory } from '#shared/contract/market.ts'
import { recordSale, signInAsAdmin } from './catalogue-support.ts'
import {
  fillSale,
  formatDayLikeTheApp,
  newMarketItem,
  recordDialog,
  recordSaleThroughDialog,
  type SaleInput,
  salesOf,
  sameOrigin,
} from './market-support.ts'
import {
  CATALOGUE_URL,
  chooseCurrency,
  collectErrors,
  daysAgo,
  expectNoHorizontalOverflow,
  pricesSettled,
  saveScreenshot,
  toastArea,
} from './support.ts'

/**
 * The item page's Pricing tab: fair prices, trend, summary, prices by condition and the price-history
 * chart, from sales recorded through the Record a sale dialog.
 *
 * On the catalogue server (E2E_PORT + 2), whose database starts with an admin (e2e/seed-admin.ts): an
 * admin's sales are verified on entry, a new member's wait for review. The e2e servers have no live
 * exchange rates, so the built-in ones apply (0.73 GBP per US dollar). Each test adds its own item,
 * so the desktop and mobile projects never see each other's sales.
 */
test.use({ baseURL: CATALOGUE_URL })

/** The first sale, entered twice: the second time the server refuses it as the same sale. */
const FIRST_SALE: SaleInput = {
  price: '100',
  currency: 'GBP',
  condition: 'New/Sealed',
  source: 'eBay',
  reference: 'order-1',
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
  await fillSale(page, FIRST_SALE)
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
  await fillSale(page, FIRST_SALE)
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

test('the chart asks again for a history read before the recompute the fair price beside it shows', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page)
  const item = await newMarketItem(page, 'Late Chart Set')
  await recordSale(page.request, item.id)
  // The history as it is with one sale of £20: what an answer read before the next recompute holds.
  const before = await page.request.get(`/api/items/${item.id}/price-history?range=90d&grade=new`)
  expect(before.ok()).toBe(true)
  const earlierHistory = await before.text()
  // Two more sales today, recomputed: the fair price is now £60.00 (the weighted median of 20, 60 and 61).
  for (const price of ['60.00', '61.00']) {
    const sale = await page.request.post(`/api/items/${item.id}/sales`, {
      data: { price, currency: 'GBP', conditionId: 1, saleDate: daysAgo(0), source: 'eBay' },
      headers: sameOrigin,
    })
    expect(sale.status(), await sale.text()).toBe(201)
  }
  await pricesSettled(page.request, item.id)

  const visitorContext = await browser.newContext({ baseURL: CATALOGUE_URL, viewport: page.viewportSize() })
  const visitor = await visitorContext.newPage()
  // The visitor's first history answer is that earlier one, as an answer read before the recompute would arrive;
  // the summary beside it is read now.
  const historyAnswers: string[] = []
  await visitor.route(/\/price-history\?range=90d&grade=new$/, async (route) => {
    historyAnswers.push(historyAnswers.length === 0 ? 'earlier' : 'current')
    if (historyAnswers.length === 1) {
      await route.fulfill({ status: 200, contentType: 'application/json', body: earlierHistory })
    } else await route.continue()
  })
  await visitor.goto(`/item/${item.slug}`)
  await chooseCurrency(visitor, 'GBP')
  const view = visitor.getByRole('tabpanel')
  await expect(view.getByRole('region', { name: 'Fair Price · New' }).getByTestId('fair-price')).toHaveText(
    '£60.00',
  )
  // The chart notices its history is older than the summary's recompute, asks again, and agrees with the card.
  await expect(view.locator('figcaption')).toContainText('£60.00')
  expect(historyAnswers).toEqual(['earlier', 'current'])
  await visitorContext.close()
})

test('a history of one day shows its price as a point in the middle of the chart', async ({ page }) => {
  await signInAsAdmin(page)
  const item = await newMarketItem(page, 'One Day Set')
  await recordSale(page.request, item.id)
  await page.goto(`/item/${item.slug}`)
  const chart = page.getByRole('tabpanel').getByRole('region', { name: 'Price History' })
  await expect(chart.locator('figcaption')).toContainText(formatDayLikeTheApp(daysAgo(0)))
  await expect(chart.locator('canvas')).toBeVisible()
  // Where the new line's brick yellow (#f5cd2f) is drawn, across the plot's width: a line needs two days, so
  // without its point one day drew nothing (and uPlot stretched the axis over years around it).
  const yellow = await chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height)
    const columns: number[] = []
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const at = (y * width + x) * 4
        const [red, green, blue] = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0]
        if (red > 200 && green > 170 && green < 230 && blue < 100) columns.push(x / width)
      }
    }
    return { count: columns.length, left: Math.min(...columns), right: Math.max(...columns) }
  })
  expect(yellow.count).toBeGreaterThan(10)
  expect(yellow.left).toBeGreaterThan(0.4)
  expect(yellow.right).toBeLessThan(0.7)
  await saveScreenshot(page, 'market-pricing-one-day')
})
