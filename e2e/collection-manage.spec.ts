import { expect, test } from '@playwright/test'
import {
  addEntryViaApi,
  collectionViaApi,
  dialog,
  entryRow,
  entryRows,
  findItem,
  isNarrow,
  mainUrl,
  originOf,
  showing,
  signUpViaApi,
  summaryCard,
  unexpected,
} from './collection-support.ts'
import {
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  saveScreenshot,
  toastArea,
} from './support.ts'

/**
 * My Collection: editing and removing entries, other users kept out, pages, search, filters and
 * sorting.
 */

test('edit an entry, remove it, and nobody else can touch it', async ({ page, browser }) => {
  const errors = collectErrors(page)
  const base = mainUrl()
  await signUpViaApi(page, base, { label: 'editor' })
  const falcon = await findItem(page, base, '75192-1')
  const entry = await addEntryViaApi(page, base, {
    itemId: falcon.id,
    condition: 'New/Sealed',
    quantity: 1,
    pricePaid: '100',
    currency: 'USD',
  })
  await page.goto('/collection')
  const row = entryRow(page, 'Millennium Falcon')
  await expect(summaryCard(page, 'Total Items')).toContainText('1')
  await expect(summaryCard(page, 'Cost Basis')).toContainText('$100.00')

  // Edit: the quantity changes the totals.
  await row.getByRole('button', { name: 'Edit Millennium Falcon' }).click()
  const edit = dialog(page, 'Edit collection item')
  await expect(edit.getByLabel('Quantity')).toHaveValue('1')
  await expect(edit.getByLabel('Cost per item')).toHaveValue('100.00')
  await expect(edit.getByRole('combobox', { name: 'Condition' })).toHaveText('New/Sealed')
  await edit.getByLabel('Quantity').fill('3')
  await saveScreenshot(page, 'edit-entry', { fullPage: false })
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(toastArea(page).getByText('Collection item updated.')).toBeVisible()
  await expect(edit).toBeHidden()
  await expect(summaryCard(page, 'Cost Basis')).toContainText('$300.00')
  await expect(summaryCard(page, 'Total Items')).toContainText('3')
  await expect(page.getByRole('main').getByText('3 items in your collection · 1 entry')).toBeVisible()

  // Another user's request for this entry finds nothing: 404, and it stays as it is.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signUpViaApi(otherPage, base, { label: 'intruder' })
  const patch = await otherPage.request.patch(`${base}/api/collections/${entry.id}`, {
    data: { quantity: 99 },
    headers: originOf(base),
  })
  expect(patch.status()).toBe(404)
  const remove = await otherPage.request.delete(`${base}/api/collections/${entry.id}`, {
    headers: originOf(base),
  })
  expect(remove.status()).toBe(404)
  expect((await collectionViaApi(otherPage, base)).total).toBe(0)
  await other.close()
  expect((await collectionViaApi(page, base)).entries[0]?.quantity).toBe(3)

  // The CSV export.
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/collections/export.csv',
  )
  const csv = await page.request.get(`${base}/api/collections/export.csv`)
  expect(csv.headers()['content-type']).toContain('text/csv')
  expect(await csv.text()).toContain('75192-1')

  // A failed removal says so and keeps the entry.
  await page.route('**/api/collections/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 500,
          json: { message: 'Something went wrong on our side.', code: 'INTERNAL' },
        })
      : route.fallback(),
  )
  await row.getByRole('button', { name: 'Remove Millennium Falcon' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove from collection?' })
  await expect(confirm).toContainText('Millennium Falcon (New/Sealed, quantity 3)')
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(toastArea(page).getByText('Failed to remove item from collection')).toBeVisible()
  await expect(row).toBeVisible()
  await page.unroute('**/api/collections/*')

  // Removed, with the toast; the empty state follows.
  await row.getByRole('button', { name: 'Remove Millennium Falcon' }).click()
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(toastArea(page).getByText('Item removed from collection.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your collection is empty' })).toBeVisible()

  // Signed out meanwhile: the removal is refused with 401; the Unauthorized toast, then login.
  await addEntryViaApi(page, base, {
    itemId: falcon.id,
    condition: 'Used/Complete',
    quantity: 1,
    currency: 'USD',
  })
  await page.reload()
  // The page has loaded as the signed-in user before the cookie goes.
  const removeAgain = entryRow(page, 'Millennium Falcon').getByRole('button', {
    name: 'Remove Millennium Falcon',
  })
  await expect(removeAgain).toBeVisible()
  await page.context().clearCookies()
  await removeAgain.click()
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expectToastShown(page, 'Unauthorized', 'You are logged out. Logging in again...')
  await expect(page).toHaveURL(/\/login$/)
  expect(unexpected(errors, /status of 500/, /status of 401/, /ApiError/, /^(500|401):/)).toEqual([])
})

test('pages of 20, the search box, type filters and sorting', async ({ page }) => {
  const errors = collectErrors(page)
  const base = mainUrl()
  await signUpViaApi(page, base, { label: 'pages' })
  const list = async (type: string, limit: number) => {
    const response = await page.request.get(`${base}/api/items?type=${type}&limit=${limit}`)
    return ((await response.json()) as { items: Array<{ id: number; name: string; number: string }> }).items
  }
  const sets = await list('set', 15)
  const figures = await list('minifig', 8)
  for (const item of sets)
    await addEntryViaApi(page, base, {
      itemId: item.id,
      condition: 'Used/Complete',
      quantity: 1,
      pricePaid: '10',
    })
  for (const item of figures)
    await addEntryViaApi(page, base, { itemId: item.id, condition: 'Used', quantity: 1, pricePaid: '2' })

  await page.goto('/collection')
  await expect(showing(page)).toHaveText('Showing 1 to 20 of 23 items')
  await expect(entryRows(page)).toHaveCount(20)
  const pager = page.getByRole('navigation', { name: 'Collection pages' })
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  await pager.getByRole('button', { name: 'Page 2' }).click()
  await expect(showing(page)).toHaveText('Showing 21 to 23 of 23 items')
  await expect(entryRows(page)).toHaveCount(3)
  await expect(page).toHaveURL(/[?&]page=2/)
  await page.goBack()
  await expect(showing(page)).toHaveText('Showing 1 to 20 of 23 items')
  await pager.getByRole('button', { name: /Next/ }).click()
  await expect(showing(page)).toHaveText('Showing 21 to 23 of 23 items')
  await expect(pager.getByRole('button', { name: /Next/ })).toBeDisabled()

  // Type chips.
  const chips = page.getByRole('group', { name: 'Filter items' })
  await chips.getByRole('button', { name: 'Sets' }).click()
  await expect(showing(page)).toHaveText('Showing 1 to 15 of 15 items')
  await expect(chips.getByRole('button', { name: 'Sets' })).toHaveAttribute('aria-pressed', 'true')
  await chips.getByRole('button', { name: 'Minifigures' }).click()
  await expect(showing(page)).toHaveText('Showing 1 to 8 of 8 items')
  await chips.getByRole('button', { name: 'All Items' }).click()
  await expect(showing(page)).toHaveText('Showing 1 to 20 of 23 items')

  // The search box (by number here), debounced into the URL.
  const wanted = sets[3] as { name: string; number: string }
  await page.getByRole('searchbox', { name: 'Search your collection' }).fill(wanted.number)
  await expect(showing(page)).toHaveText('Showing 1 to 1 of 1 item')
  await expect(entryRows(page).first()).toContainText(wanted.name)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${wanted.number}`))
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(showing(page)).toHaveText('Showing 1 to 20 of 23 items')

  // Sorting: by name, A to Z then Z to A (headers on wide screens, a select on narrow ones).
  const names = [...sets, ...figures].map((item) => item.name).sort((a, b) => a.localeCompare(b))
  if (isNarrow(page)) {
    await page.getByLabel('Sort by').selectOption('name:asc')
  } else {
    await page.getByRole('button', { name: 'Item', exact: true }).click()
    await expect(page.getByRole('columnheader', { name: /Item/ })).toHaveAttribute('aria-sort', 'ascending')
  }
  await expect(entryRows(page).first()).toContainText(names[0] as string)
  if (!isNarrow(page)) {
    await page.getByRole('button', { name: 'Item', exact: true }).click()
    await expect(page.getByRole('columnheader', { name: /Item/ })).toHaveAttribute('aria-sort', 'descending')
    await expect(entryRows(page).first()).toContainText(names.at(-1) as string)
  }
  await expectNoHorizontalOverflow(page)
  expect(errors).toEqual([])
})
