import { expect, test } from '@playwright/test'
import { CATALOGUE_URL } from './accounts.ts'
import { uniqueToken } from './catalogue-support.ts'
import {
  adminClient,
  conditionId,
  createItemAs,
  isNarrow,
  originOf,
  recordSaleAs,
  signUpViaApi,
  unexpected,
} from './collection-support.ts'
import { memberPage } from './moderation-support.ts'
import {
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  recordToasts,
  saveScreenshot,
  toastArea,
  todayUtc,
} from './support.ts'
import { importWantedList, wantedRows } from './wanted-support.ts'

/**
 * The wanted list (issue 12): empty, then filled by importing a BrickLink wanted list through the real API;
 * each row's grade, quantity, the most the user would pay in their display currency (and in the file's)
 * beside today's fair price; removal by keyboard; nobody else sees it; 'Load more' past 50 rows.
 *
 * On the catalogue server, whose first account is an admin whose sales are verified and set fair prices.
 * Desktop and mobile run against the same server at once, so each test's items carry a unique token. The
 * built-in exchange rates apply (per US dollar: 0.73 GBP, 0.85 EUR).
 */
test.use({ baseURL: CATALOGUE_URL })

test('empty, filled by a BrickLink wanted list, amounts in the display currency, removed by keyboard, private', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(90_000)
  const errors = collectErrors(page)
  const run = uniqueToken()
  // Three items: one whose fair price (£30) is under the limit, one over it (£100), one without a price.
  const admin = await adminClient(playwright)
  const bargain = await createItemAs(admin, {
    type: 'set',
    name: `Bargain Shuttle ${run}`,
    number: `WB${run}-1`,
    theme: 'Star Wars',
    year: 2019,
  })
  const pricey = await createItemAs(admin, {
    type: 'set',
    name: `Pricey Cruiser ${run}`,
    number: `WP${run}-1`,
    theme: 'Star Wars',
    year: 2021,
  })
  const pilot = await createItemAs(admin, {
    type: 'minifig',
    name: `Unpriced Pilot ${run}`,
    number: `wu${run}`,
    theme: 'Star Wars',
    year: 2020,
  })
  const sealed = await conditionId(admin, 'set', 'New/Sealed')
  await recordSaleAs(admin, bargain.id, { price: '30.00', conditionId: sealed, saleDate: todayUtc() })
  await recordSaleAs(admin, pricey.id, { price: '100.00', conditionId: sealed, saleDate: todayUtc() })
  await admin.dispose()

  // A new collector (display currency: US dollars) finds an empty list and the way to fill it.
  await signUpViaApi(page, CATALOGUE_URL, { label: 'wanted', currency: 'USD' })
  await page.goto('/collection')
  await page.getByRole('link', { name: 'Wanted list' }).click()
  await expect(page).toHaveURL(/\/wanted$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Wanted List' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your wanted list is empty' })).toBeVisible()
  await expect(page.getByText('0 items')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Import a wanted list' })).toHaveAttribute(
    'href',
    '/import-data?target=wanted',
  )
  await saveScreenshot(page, 'wanted-empty')
  if (isNarrow(page)) await expectNoHorizontalOverflow(page)

  // Their BrickLink wanted list, its limits in euros: €45.00 is £38.65, shown as $52.95.
  await importWantedList(page, CATALOGUE_URL, [
    {
      ITEMTYPE: 'S',
      ITEMID: bargain.number,
      MAXPRICE: '45.00',
      MINQTY: '2',
      CONDITION: 'N',
      REMARKS: 'for the shelf',
    },
    { ITEMTYPE: 'S', ITEMID: pricey.number, MAXPRICE: '45.00', CONDITION: 'N' },
    { ITEMTYPE: 'M', ITEMID: pilot.number, MINQTY: '3', QTYFILLED: '1', CONDITION: 'X' },
  ])
  await page.reload()
  await expect(wantedRows(page)).toHaveCount(3)
  await expect(page.getByText('3 items')).toBeVisible()

  const bargainRow = wantedRows(page).filter({ hasText: bargain.name })
  await expect(bargainRow.getByRole('link', { name: `${bargain.number} - ${bargain.name}` })).toHaveAttribute(
    'href',
    `/item/${bargain.slug}`,
  )
  for (const text of [
    'Set · Star Wars · 2019',
    'New',
    '2',
    '$52.95',
    '€45.00 in the file',
    '$41.10',
    'At or under your price',
    'for the shelf',
  ])
    await expect(bargainRow, text).toContainText(text)
  await expect(bargainRow.getByRole('img', { name: bargain.name })).toBeVisible()

  const priceyRow = wantedRows(page).filter({ hasText: pricey.name })
  for (const text of ['New', '$52.95', '€45.00 in the file', '$136.99', 'Above your price'])
    await expect(priceyRow, text).toContainText(text)
  await expect(priceyRow).not.toContainText('At or under your price')

  const pilotRow = wantedRows(page).filter({ hasText: pilot.name })
  for (const text of [
    'Minifigure · Star Wars · 2020',
    'Any condition',
    '1 of 3 found',
    'No limit',
    'No price yet',
  ])
    await expect(pilotRow, text).toContainText(text)
  await expect(pilotRow).not.toContainText('in the file')

  await bargainRow.scrollIntoViewIfNeeded()
  await saveScreenshot(page, 'wanted-list')
  if (isNarrow(page)) await expectNoHorizontalOverflow(page)

  // Someone else sees none of it, and cannot remove it.
  const wantedIds = (await (await page.request.get('/api/me/wanted')).json()) as {
    items: Array<{ id: number }>
  }
  const other = await memberPage(browser, page.viewportSize(), { first: 'Otto', last: `Other${run}` })
  await other.page.goto('/wanted')
  await expect(other.page.getByRole('heading', { name: 'Your wanted list is empty' })).toBeVisible()
  const refused = await other.page.request.delete(`/api/wanted/${wantedIds.items[0]?.id}`, {
    headers: originOf(CATALOGUE_URL),
  })
  expect(refused.status()).toBe(404)
  await other.page.context().close()

  // A removal that fails says so, and the row stays.
  await page.route('**/api/wanted/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { message: 'Something went wrong', code: 'INTERNAL' } })
      : route.fallback(),
  )
  await pilotRow.getByRole('button', { name: `Remove ${pilot.number} - ${pilot.name}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove from wanted list?' })
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(toastArea(page).getByText('Failed to remove item')).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(pilotRow).toBeVisible()
  await page.unroute('**/api/wanted/*')

  // Removed by keyboard alone: the confirmation starts on Cancel; the toast, and the row is gone for good.
  await priceyRow.getByRole('button', { name: `Remove ${pricey.number} - ${pricey.name}` }).focus()
  await page.keyboard.press('Enter')
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText(`${pricey.number} - ${pricey.name} (New, quantity 1)`)
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Remove' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toastArea(page).getByText('Removed from wanted list')).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(priceyRow).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Wanted List' })).toBeFocused()
  await page.reload()
  await expect(wantedRows(page)).toHaveCount(2)
  await expect(page.getByText(pricey.name)).toHaveCount(0)
  await expect(page.getByText('2 items')).toBeVisible()

  expect(unexpected(errors, /status of 500/, /ApiError/, /^500:/)).toEqual([])
})

test('more than 50 wanted items load 50 at a time', async ({ page, playwright }) => {
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  const run = uniqueToken()
  const admin = await adminClient(playwright)
  const figure = await createItemAs(admin, {
    type: 'minifig',
    name: `Many Troopers ${run}`,
    number: `wm${run}`,
    theme: 'Star Wars',
  })
  await admin.dispose()
  await signUpViaApi(page, CATALOGUE_URL, { label: 'wanted-pages', currency: 'GBP' })
  // 53 lines, each on a wanted list of its own, so each is an item of its own.
  await importWantedList(
    page,
    CATALOGUE_URL,
    Array.from({ length: 53 }, (_, index) => ({
      ITEMTYPE: 'M',
      ITEMID: figure.number,
      MINQTY: String(index + 1),
      CONDITION: 'U',
      WANTEDLISTID: String(index + 1),
    })),
    'GBP',
  )

  await page.goto('/wanted')
  await expect(page.getByText('53 items')).toBeVisible()
  await expect(wantedRows(page)).toHaveCount(50)
  await expect(page.getByText('Showing 50 of 53')).toBeVisible()
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(wantedRows(page)).toHaveCount(53)
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('price alerts at the most the user would pay: one row, then every row, each item once', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000)
  const errors = collectErrors(page)
  const run = uniqueToken()
  // A set already under its limit (£30 against €45 = £38.65), one over it (£100), one without a price yet.
  const admin = await adminClient(playwright)
  const bargain = await createItemAs(admin, {
    type: 'set',
    name: `Alert Bargain ${run}`,
    number: `AB${run}-1`,
    theme: 'Star Wars',
  })
  const pricey = await createItemAs(admin, {
    type: 'set',
    name: `Alert Cruiser ${run}`,
    number: `AC${run}-1`,
    theme: 'Star Wars',
  })
  const unpriced = await createItemAs(admin, {
    type: 'set',
    name: `Alert Walker ${run}`,
    number: `AW${run}-1`,
    theme: 'Star Wars',
  })
  const pilot = await createItemAs(admin, {
    type: 'minifig',
    name: `Alert Pilot ${run}`,
    number: `wa${run}`,
    theme: 'Star Wars',
  })
  const sealed = await conditionId(admin, 'set', 'New/Sealed')
  await recordSaleAs(admin, bargain.id, { price: '30.00', conditionId: sealed, saleDate: todayUtc() })
  await recordSaleAs(admin, pricey.id, { price: '100.00', conditionId: sealed, saleDate: todayUtc() })
  await admin.dispose()

  await signUpViaApi(page, CATALOGUE_URL, { label: 'wanted-alerts', currency: 'USD' })
  await importWantedList(page, CATALOGUE_URL, [
    { ITEMTYPE: 'S', ITEMID: bargain.number, MAXPRICE: '45.00', CONDITION: 'N' },
    { ITEMTYPE: 'S', ITEMID: pricey.number, MAXPRICE: '45.00', CONDITION: 'N' },
    { ITEMTYPE: 'S', ITEMID: unpriced.number, MAXPRICE: '20.00', CONDITION: 'U' },
    { ITEMTYPE: 'M', ITEMID: pilot.number, CONDITION: 'X' },
  ])
  // The alert that fires as it is set brings its own toast, in the place of the one saying what was set.
  await recordToasts(page)
  await page.goto('/wanted')
  await expect(wantedRows(page)).toHaveCount(4)
  const row = (item: { name: string }) => wantedRows(page).filter({ hasText: item.name })

  // One row: the spec's toast, and the row says so from then on, leading to the watchlist.
  await row(pricey)
    .getByRole('button', { name: `Alert me when ${pricey.number} - ${pricey.name} falls to $52.95` })
    .click()
  await expect(toastArea(page).getByText('Alert created')).toBeVisible()
  await expect(
    toastArea(page).getByText("You'll be notified when the price reaches your threshold"),
  ).toBeVisible()
  await expect(row(pricey).getByRole('link', { name: 'Alert set' })).toHaveAttribute('href', '/watchlist')
  // Without a limit there is nothing to alert at.
  await expect(row(pilot).getByRole('button', { name: /^Alert me/ })).toHaveCount(0)

  // Every row, after a confirmation that says what will happen; a failure says so and sets nothing.
  await page.route('**/api/me/wanted/alerts', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong', code: 'INTERNAL' } }),
  )
  const confirm = page.getByRole('alertdialog', { name: 'Set price alerts at your prices?' })
  await page.getByRole('button', { name: 'Alert me at my prices' }).click()
  await confirm.getByRole('button', { name: 'Set alerts' }).click()
  await expect(toastArea(page).getByText('Failed to set price alerts')).toBeVisible()
  await expect(confirm).toBeHidden()
  await page.unroute('**/api/me/wanted/alerts')

  await page.getByRole('button', { name: 'Alert me at my prices' }).click()
  await expect(confirm).toContainText('in the condition you want (new when either will do)')
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await saveScreenshot(page, 'wanted-alerts-confirm')
  await confirm.getByRole('button', { name: 'Set alerts' }).click()
  await expectToastShown(
    page,
    '2 price alerts set',
    'You’ll be notified when a wanted item’s fair price falls to your price. 1 item already has an alert. 1 item has no price you’d pay to alert at.',
  )
  await expect(confirm).toBeHidden()
  for (const item of [bargain, pricey, unpriced])
    await expect(row(item).getByRole('link', { name: 'Alert set' }), item.name).toBeVisible()
  await row(unpriced).scrollIntoViewIfNeeded()
  await saveScreenshot(page, 'wanted-alerts')
  if (isNarrow(page)) await expectNoHorizontalOverflow(page)

  // The bargain is already under its limit: its alert fired as it was set.
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread')

  // Pressed again, nothing is set twice.
  await page.getByRole('button', { name: 'Alert me at my prices' }).click()
  await confirm.getByRole('button', { name: 'Set alerts' }).click()
  await expectToastShown(page, 'No new alerts', '3 items already have an alert. 1 item has no price')

  // The watchlist holds the three, each below the limit as the file wrote it.
  await page.goto('/watchlist')
  const alerts = page.getByTestId('alert-row')
  await expect(alerts).toHaveCount(3)
  for (const item of [bargain, pricey, unpriced]) {
    const alert = alerts.filter({ hasText: item.name })
    await expect(alert, item.name).toContainText('Alert when below')
    await expect(alert, item.name).toContainText(item === unpriced ? 'Used/Complete' : 'New/Sealed')
  }
  expect(unexpected(errors, /status of 500/, /ApiError/, /^500:/)).toEqual([])
})
