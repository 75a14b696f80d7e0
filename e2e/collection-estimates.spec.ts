import { expect, type Locator, type Page, test } from '@playwright/test'
import type { UserStats } from '#shared/contract/me.ts'
import { CATALOGUE_URL } from './accounts.ts'
import {
  addEntryViaApi,
  adminClient,
  conditionId,
  createItemAs,
  entryRow,
  findItem,
  originOf,
  recordSaleAs,
  signUpViaApi,
  summaryCard,
  token,
} from './collection-support.ts'
import { collectErrors, expectNoHorizontalOverflow, saveScreenshot, todayUtc } from './support.ts'

/**
 * Issue 12: an entry whose price paid is unknown, and "value unpriced items at retail". My Collection,
 * Home, Analytics and the profile's stats show the same value, cost and P&L — with the estimate off and on.
 */
test.use({ baseURL: CATALOGUE_URL })

/** Analytics' figure by its label. */
const stat = (page: Page, label: string): Locator =>
  page.getByRole('main').locator('dt', { hasText: label }).locator('xpath=following-sibling::dd')

async function statsViaApi(page: Page): Promise<UserStats> {
  const response = await page.request.get(`${CATALOGUE_URL}/api/me/stats`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as UserStats
}

const FIGURES = {
  off: {
    value: '£120.00',
    home: '£120',
    cost: '£740.00',
    // The chart's cost line: what the entries with a value cost.
    pricedCost: '£30.00',
    pnl: '+£50.00',
    roi: '+166.67%',
    valueNote: '2 entries (cost £710.00) without a market price yet',
  },
  // The Falcon at its UK retail price (£734.99, for a reader of pounds) and the figure at the £25.00
  // retail price entered with it: £759.99 estimated. P&L +£50 + £34.99 + £15 = +£99.99 on £740.
  on: {
    value: '£879.99',
    home: '£880',
    cost: '£740.00',
    pricedCost: '£740.00',
    pnl: '+£99.99',
    roi: '+13.51%',
    valueNote: 'Includes £759.99 estimated at retail (2 entries)',
  },
} as const

async function expectScreensAgree(page: Page, figures: (typeof FIGURES)['off' | 'on'], shot: string) {
  // My Collection.
  await page.goto('/collection')
  await expect(summaryCard(page, 'Total Value')).toContainText(figures.value)
  await expect(summaryCard(page, 'Total Value')).toContainText(figures.valueNote)
  await expect(summaryCard(page, 'Cost Basis')).toContainText(figures.cost)
  await expect(summaryCard(page, 'Cost Basis')).toContainText(
    '1 entry without a price paid is left out of P&L',
  )
  await expect(summaryCard(page, 'Unrealized P&L')).toContainText(figures.pnl)
  await expect(summaryCard(page, 'Unrealized P&L')).toContainText(figures.roi)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, `${shot}-collection`)

  // Home: the value in whole pounds, and the same notes.
  await page.getByRole('link', { name: 'Brickfolio home' }).click()
  const dashboard = page.getByRole('region', { name: 'Your collection at a glance' })
  await expect(dashboard).toContainText(figures.home)
  await expect(dashboard).toContainText(figures.pnl)
  await expect(dashboard).toContainText(figures.roi)
  await expect(dashboard).toContainText('1 entry without a price paid is left out of P&L')
  await expect(dashboard).toContainText(figures.valueNote)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, `${shot}-home`)

  // Analytics.
  await page.goto('/collection/analytics')
  await expect(stat(page, 'Total Value')).toHaveText(figures.value)
  await expect(stat(page, 'Cost Basis')).toHaveText(figures.cost)
  await expect(stat(page, 'Unrealized P&L')).toHaveText(figures.pnl)
  await expect(stat(page, 'Total ROI')).toHaveText(figures.roi)
  await expect(page.getByTestId('valuation-note')).toContainText(
    '1 entry without a price paid is left out of P&L and ROI.',
  )
  await expect(page.getByRole('region', { name: 'Value over time' }).locator('figcaption')).toContainText(
    `Value${figures.value}Cost basis${figures.pricedCost}`,
  )
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, `${shot}-analytics`)

  // The profile's stats.
  await page.goto('/profile')
  const stats = page.getByRole('region', { name: 'Account Stats' })
  await expect(stats).toContainText(`Total collection value${figures.value}`)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, `${shot}-profile`)
  const api = await statsViaApi(page)
  expect(`£${api.totalValue}`).toBe(figures.value)
}

test('unknown costs and retail estimates: the same value, cost and P&L on every screen, off and on', async ({
  page,
  playwright,
}) => {
  // Four screens, three times over, on a machine shared with other runs.
  test.setTimeout(120_000)
  const errors = collectErrors(page)
  const run = token()
  const admin = await adminClient(playwright)
  // A minifigure with a market price (£30, £40, £50 today: fair price £40), and a set with only a retail
  // price entered with it (£25.00, no sales).
  const priced = await createItemAs(admin, {
    type: 'minifig',
    name: `Priced Pilot ${run}`,
    number: `ep${run}`,
    theme: `Estimates ${run}`,
  })
  const retailOnly = await createItemAs(admin, {
    type: 'set',
    name: `Retail Ranger ${run}`,
    number: `er${run}-1`,
    theme: `Estimates ${run}`,
    originalMsrp: '25.00',
  })
  const fresh = await conditionId(admin, 'minifig', 'New')
  for (const price of ['30.00', '40.00', '50.00'])
    await recordSaleAs(admin, priced.id, { price, conditionId: fresh, saleDate: todayUtc() })
  await admin.dispose()

  await signUpViaApi(page, CATALOGUE_URL, { label: 'estimates', profileType: 'investor', currency: 'GBP' })
  const falcon = await findItem(page, CATALOGUE_URL, '75192-1')
  await addEntryViaApi(page, CATALOGUE_URL, {
    itemId: priced.id,
    condition: 'New',
    quantity: 2,
    pricePaid: '15',
    currency: 'GBP',
  })
  await addEntryViaApi(page, CATALOGUE_URL, {
    itemId: falcon.id,
    condition: 'New/Sealed',
    pricePaid: '700',
    currency: 'GBP',
  })
  await addEntryViaApi(page, CATALOGUE_URL, {
    itemId: retailOnly.id,
    condition: 'New/Sealed',
    pricePaid: '10',
    currency: 'GBP',
  })
  // Another priced figure whose price paid is not known, as an import without prices leaves it.
  const unknown = await addEntryViaApi(page, CATALOGUE_URL, {
    itemId: priced.id,
    condition: 'New',
    currency: 'GBP',
  })
  const forgotten = await page.request.patch(`${CATALOGUE_URL}/api/collections/${unknown.id}`, {
    data: { pricePaid: null },
    headers: originOf(CATALOGUE_URL),
  })
  expect(forgotten.status(), await forgotten.text()).toBe(200)

  await expectScreensAgree(page, FIGURES.off, 'estimates-off')

  // The entry without a price paid: no cost, no P&L, and the edit dialog keeps it unknown.
  await page.goto('/collection')
  // The other Priced Pilot entry cost £30.00.
  const unknownRow = entryRow(page, `Priced Pilot ${run}`).filter({ hasNotText: '£30.00' })
  await expect(unknownRow).toContainText('£40.00')
  await unknownRow.getByRole('button', { name: `Edit Priced Pilot ${run}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit collection item' })
  await expect(edit.getByLabel('Cost per item')).toHaveValue('')
  await expect(edit).toContainText('Not known yet, so left out of P&L.')
  await edit.getByRole('button', { name: 'Cancel' }).click()

  // Switch the estimate on where the value is shown.
  const toggle = page.getByRole('switch', { name: /Value unpriced items at retail/ })
  await expect(toggle).not.toBeChecked()
  // On in the click's own render, not a moment later (use-update-profile.ts, `sent`).
  const onAtOnce = await toggle.evaluate((input: HTMLInputElement) => {
    input.click()
    return input.checked
  })
  expect(onAtOnce).toBe(true)
  await expect(toggle).toBeChecked()
  await expect(summaryCard(page, 'Total Value')).toContainText(FIGURES.on.value)
  const falconRow = entryRow(page, 'Millennium Falcon')
  await expect(falconRow).toContainText('£734.99')
  await expect(falconRow.getByRole('button', { name: /^est\./ })).toBeVisible()
  await expect(page.getByText(/^est\.: estimated at the retail price/)).toBeVisible()

  await expectScreensAgree(page, FIGURES.on, 'estimates-on')
  await expect(page.getByRole('region', { name: 'Account Stats' })).toContainText(
    'Includes £759.99 estimated at retail (2 entries)',
  )
  expect(await statsViaApi(page)).toMatchObject({ estimatedEntries: 2, estimatedValue: '759.99' })

  // Off again from Analytics: every screen follows.
  await page.goto('/collection/analytics')
  await page.getByText('Value unpriced items at retail').click()
  await expect(page.getByRole('switch', { name: /Value unpriced items at retail/ })).not.toBeChecked()
  await expect(stat(page, 'Total Value')).toHaveText(FIGURES.off.value)
  await expectScreensAgree(page, FIGURES.off, 'estimates-off-again')
  expect(errors).toEqual([])
})
