import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { createItem, uniqueToken } from './catalogue-support.ts'
import {
  addEntryViaApi,
  adminClient,
  conditionId,
  createItemAs,
  findItem,
  recordSaleAs,
  signUpViaApi,
} from './collection-support.ts'
import { postCard, shareViaApi } from './community-support.ts'
import { sameOrigin } from './market-support.ts'
import { adminPage, memberPage } from './moderation-support.ts'
import { CATALOGUE_URL, todayUtc } from './support.ts'
import { importWantedList, wantedRows } from './wanted-support.ts'

/**
 * axe-core's WCAG 2.1 A and AA rules on every main screen, signed out and signed in, at each project's
 * width (DESIGN §2, §11). A violation names the rule and the elements, so the failure says what to fix.
 */
async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const found = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(found, `${screen} has accessibility violations`).toEqual([])
}

const baseUrl = () => test.info().project.use.baseURL as string

test('signed-out screens pass axe', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoViolations(page, 'landing')

  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoViolations(page, 'login')
})

test('signed-in screens pass axe', async ({ page }) => {
  test.setTimeout(60_000)
  await signUpViaApi(page, baseUrl(), { label: 'axe', profileType: 'investor' })
  const falcon = await findItem(page, baseUrl(), '75192')
  await addEntryViaApi(page, baseUrl(), {
    itemId: falcon.id,
    condition: 'New/Sealed',
    quantity: 1,
    pricePaid: '500',
  })

  const screens: Array<[string, string]> = [
    ['home', '/'],
    ['sets', '/sets'],
    ['minifigures', '/minifigures'],
    ['item page', `/item/${falcon.slug}`],
    ['my collection', '/collection'],
    ['portfolio analytics', '/collection/analytics'],
    ['profile', '/profile'],
    ['add item', '/add-item?type=set'],
    ['not found', '/no-such-page'],
  ]
  for (const [screen, path] of screens) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    // Lists and tables settle: no skeletons, no pending requests.
    await page.waitForLoadState('networkidle')
    await expectNoViolations(page, screen)
  }
})

test('the wanted list passes axe: empty, with rows, its remove confirmation and its alerts', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(60_000)
  // On the catalogue server, whose admin's sale gives an item a fair price: one row within its limit (the
  // green mark), one over it; BrickLink's files name no currency.
  const token = uniqueToken()
  const admin = await adminClient(playwright)
  const item = await createItemAs(admin, { type: 'set', name: `Axe Wanted ${token}`, number: `AW${token}-1` })
  const sealed = await conditionId(admin, 'set', 'New/Sealed')
  await recordSaleAs(admin, item.id, { price: '30.00', conditionId: sealed, saleDate: todayUtc() })
  await admin.dispose()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Wanda', last: `Wanted${token}` })
  await member.page.goto('/wanted')
  await expect(member.page.getByRole('heading', { name: 'Your wanted list is empty' })).toBeVisible()
  await expectNoViolations(member.page, 'wanted list: empty')

  await importWantedList(member.page, CATALOGUE_URL, [
    { ITEMTYPE: 'S', ITEMID: item.number, MAXPRICE: '45.00', MINQTY: '2', CONDITION: 'N', REMARKS: 'shelf' },
    { ITEMTYPE: 'S', ITEMID: item.number, MAXPRICE: '20.00', CONDITION: 'X' },
  ])
  await member.page.reload()
  await expect(wantedRows(member.page)).toHaveCount(2)
  await expect(wantedRows(member.page).getByText('At or under your price')).toBeVisible()
  await member.page.waitForLoadState('networkidle')
  await expectNoViolations(member.page, 'wanted list')

  await wantedRows(member.page)
    .first()
    .getByRole('button', { name: /^Remove / })
    .click()
  await expect(member.page.getByRole('alertdialog', { name: 'Remove from wanted list?' })).toBeVisible()
  await member.page.mouse.move(0, 0)
  await expectNoViolations(member.page, 'wanted list: remove confirmation')
  await member.page.keyboard.press('Escape')

  // Price alerts at the list's prices: the confirmation, then the rows marked 'Alert set'.
  await member.page.getByRole('button', { name: 'Alert me at my prices' }).click()
  const confirm = member.page.getByRole('alertdialog', { name: 'Set price alerts at your prices?' })
  await expect(confirm).toBeVisible()
  await expectNoViolations(member.page, 'wanted list: alerts confirmation')
  await confirm.getByRole('button', { name: 'Set alerts' }).click()
  await expect(confirm).toBeHidden()
  await expect(wantedRows(member.page).getByRole('link', { name: 'Alert set' })).toHaveCount(2)
  await member.page.mouse.move(0, 0)
  await expectNoViolations(member.page, 'wanted list: alerts set')
  await member.page.context().close()
})

test('the moderation screen passes axe, each tab and the reject dialog', async ({ page, browser }) => {
  test.setTimeout(60_000)
  // On the catalogue server, whose lists other specs' items may join: a member's pending sale and item
  // request, so each list has rows to check.
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Axel', last: `Axe${token}` })
  const item = await createItem(member.page.request, { name: `Axe Set ${token}`, number: `AX${token}-1` })
  const sale = await member.page.request.post(`/api/items/${item.id}/sales`, {
    data: {
      price: '19.99',
      currency: 'EUR',
      condition: 'New/Sealed',
      saleDate: new Date().toISOString().slice(0, 10),
      source: 'eBay',
      proofUrl: 'https://www.ebay.com/itm/1',
    },
    headers: sameOrigin,
  })
  expect(sale.status()).toBe(201)
  const asked = await member.page.request.post('/api/item-requests', {
    data: { requests: [{ code: `AXR${token}-1`, name: `Axe Request ${token}` }] },
    headers: sameOrigin,
  })
  expect(asked.ok()).toBe(true)
  await member.page.context().close()

  const admin = await adminPage(browser, page.viewportSize())
  for (const tab of ['sales', 'requests', 'members']) {
    await admin.goto(`/moderation${tab === 'sales' ? '' : `?tab=${tab}`}`)
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible()
    await admin.waitForLoadState('networkidle')
    await expectNoViolations(admin, `moderation: ${tab}`)
  }
  await admin.goto('/moderation')
  await admin
    .getByTestId('review-sale')
    .filter({ hasText: item.name })
    .getByRole('button', { name: 'Reject' })
    .click()
  const dialog = admin.getByRole('dialog', { name: 'Reject sale' })
  await dialog.getByRole('button', { name: 'Reject sale' }).click()
  await expect(dialog.getByText('Please give a reason')).toBeVisible()
  // Checked at rest: the pointer off the button it just pressed.
  await admin.mouse.move(0, 0)
  await expectNoViolations(admin, 'moderation: reject dialog with its message')
  await admin.context().close()
})

test('the import screen passes axe: empty, with a preview that asks questions, and with its result', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Ina', last: `Axe${token}` })
  const seen = member.page
  await createItem(seen.request, { name: `Axe Variant A ${token}`, number: `AI${token}-1` })
  await createItem(seen.request, { name: `Axe Variant B ${token}`, number: `AI${token}-2` })
  await seen.goto('/import-data')
  await expect(seen.getByRole('heading', { level: 1, name: 'Import Data' })).toBeVisible()
  await expectNoViolations(seen, 'import: empty')

  // A BrickLink wanted list names no currency and has an ambiguous number: both are asked about.
  await seen
    .getByLabel('Additional Parameters')
    .fill(
      `<INVENTORY><ITEM><ITEMTYPE>S</ITEMTYPE><ITEMID>AI${token}</ITEMID><MAXPRICE>20.00</MAXPRICE><CONDITION>N</CONDITION></ITEM><ITEM><ITEMTYPE>S</ITEMTYPE><ITEMID>NOPE${token}</ITEMID></ITEM></INVENTORY>`,
    )
  await seen.getByRole('button', { name: 'Check file' }).click()
  const preview = seen.getByRole('region', { name: 'BrickLink wanted list XML' })
  await expect(preview.getByTestId('ambiguous-number')).toBeVisible()
  await seen.mouse.move(0, 0)
  await expectNoViolations(seen, 'import: preview')

  await preview.getByRole('combobox', { name: 'Currency of the prices' }).click()
  await seen.getByRole('option', { name: /^EUR/ }).click()
  await preview.getByRole('radio', { name: new RegExp(`AI${token}-2`) }).check()
  await preview.getByRole('button', { name: 'Import 1 row' }).click()
  await expect(seen.getByRole('region', { name: 'Imported', exact: true })).toBeVisible()
  await seen.mouse.move(0, 0)
  await expectNoViolations(seen, 'import: result')
  await seen.context().close()
})

test('the watchlist and the Set Price Alert dialog pass axe', async ({ page, browser }) => {
  test.setTimeout(60_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Alba', last: `Axe${token}` })
  const seen = member.page
  const item = await createItem(seen.request, { name: `Axe Watched ${token}`, number: `AW${token}-1` })
  await seen.goto('/watchlist')
  await expect(seen.getByRole('heading', { name: 'No alerts set' })).toBeVisible()
  await expectNoViolations(seen, 'watchlist: empty')

  await seen.goto(`/item/${item.slug}`)
  await seen.getByRole('main').getByRole('button', { name: 'Set Alert' }).click()
  const dialog = seen.getByRole('dialog', { name: 'Set Price Alert' })
  await dialog.getByRole('button', { name: 'Create Alert' }).click()
  await expect(dialog.getByText('Price threshold is required')).toBeVisible()
  await seen.mouse.move(0, 0)
  await expectNoViolations(seen, 'set alert dialog with its messages')

  const conditions = (await (await seen.request.get('/api/conditions?category=set')).json()) as Array<{
    id: number
  }>
  const created = await seen.request.post('/api/alerts', {
    data: { itemId: item.id, conditionId: conditions[0]?.id, thresholdValue: '25' },
    headers: sameOrigin,
  })
  expect(created.status()).toBe(201)
  await seen.goto('/watchlist')
  await expect(seen.getByTestId('alert-row')).toHaveCount(1)
  await expectNoViolations(seen, 'watchlist: one alert')
  await seen.context().close()
})

test('the community feed, its Share Photo dialog and the gallery pass axe', async ({ page, browser }) => {
  test.setTimeout(60_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Cora', last: `Axe${token}` })
  const seen = member.page
  const item = await createItem(seen.request, { name: `Axe Photographed ${token}`, number: `AP${token}-1` })
  await shareViaApi(seen.request, `A shelf worth a look ${token}`, { itemId: item.id })
  await seen.goto('/social-feed')
  await expect(postCard(seen, token)).toHaveCount(1)
  await seen.waitForLoadState('networkidle')
  await expectNoViolations(seen, 'community feed')

  await seen.getByRole('main').getByRole('button', { name: 'Share Photo' }).click()
  const dialog = seen.getByRole('dialog', { name: 'Share Photo' })
  await expect(dialog.getByRole('button', { name: 'Add caption to share' })).toBeDisabled()
  await expectNoViolations(seen, 'share photo dialog')
  await seen.keyboard.press('Escape')

  await seen.goto('/gallery')
  await expect(seen.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible()
  await seen.waitForLoadState('networkidle')
  await expectNoViolations(seen, 'gallery')
  await seen.context().close()
})
