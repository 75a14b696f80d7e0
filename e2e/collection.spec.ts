import { expect, type Page, test } from '@playwright/test'
import { CATALOGUE_URL } from './accounts.ts'
import {
  addEntryViaApi,
  adminClient,
  chooseCondition,
  collectionViaApi,
  conditionId,
  createItemAs,
  daysAgoUtc,
  dialog,
  entryRow,
  entryRows,
  findItem,
  isNarrow,
  originOf,
  recordSaleAs,
  signUpViaApi,
  summaryCard,
  todayUtc,
  unexpected,
} from './collection-support.ts'
import {
  chooseCurrency,
  collectErrors,
  expectNoHorizontalOverflow,
  saveScreenshot,
  toastArea,
} from './support.ts'

/** The default e2e server (fresh demo catalogue, no admin). */
const mainUrl = () => test.info().project.use.baseURL as string
const token = () =>
  `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase()
const MINUS = '\u2212'

function showing(page: Page) {
  return page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /^Showing / })
}

test('signed out, My Collection and its analytics say so and go to login', async ({ page }) => {
  for (const path of ['/collection', '/collection/analytics']) {
    await page.goto(path)
    await expect(toastArea(page).getByText('You are logged out. Logging in again...')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
  }
})

test('an empty collection, then adding by search and by creating a new item (variant B)', async ({
  page,
}) => {
  const errors = collectErrors(page)
  const base = mainUrl()
  await signUpViaApi(page, base, { label: 'vault' })
  await page.goto('/collection')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('My Collection')
  await expect(main.getByRole('heading', { name: 'Your collection is empty' })).toBeVisible()
  await expect(main.getByText('0 items in your collection')).toBeVisible()
  await expect(summaryCard(page, 'Total Value')).toContainText('$0.00')
  await expect(summaryCard(page, 'Cost Basis')).toContainText('$0.00')
  await expect(summaryCard(page, 'Total Items')).toContainText('0 sets · 0 minifigures')
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'collection-empty')

  // Search mode: from one character, the catalogue's matches.
  await main.getByRole('button', { name: 'Add to your collection' }).click()
  const add = dialog(page, 'Add to your collection')
  const box = add.getByRole('searchbox', { name: 'Search sets and minifigures' })
  await expect(box).toBeFocused()
  await box.fill('F')
  await expect(add.getByRole('list', { name: 'Search results' }).getByRole('button').first()).toBeVisible()
  await box.fill('falcon')
  const falcon = add.getByRole('button', { name: /75192-1/ })
  await expect(falcon).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'add-dialog-b-search', { fullPage: false })

  // Details mode: the condition is required; the back arrow returns to the search as it was.
  await falcon.click()
  await expect(add).toContainText('Millennium Falcon')
  await expect(add).toContainText('Retail: $1006.84')
  const addButton = add.getByRole('button', { name: 'Add to Collection', exact: true })
  await addButton.click()
  await expect(add.getByText('Please select a condition')).toBeVisible()
  await saveScreenshot(page, 'add-dialog-b-details', { fullPage: false })
  await add.getByRole('button', { name: 'Back to search' }).click()
  await expect(box).toHaveValue('falcon')
  await falcon.click()
  await chooseCondition(add, page, 'New/Sealed')
  await add.getByLabel('Quantity').fill('2')
  await add.getByLabel('Price Paid (per item)').fill('700')
  await add.getByLabel('Purchase Date').fill('2024-01-15')
  await addButton.click()
  await expect(toastArea(page).getByText('Item added to collection successfully.')).toBeVisible()
  await expect(add).toBeHidden()
  const falconRow = entryRow(page, 'Millennium Falcon')
  await expect(falconRow).toContainText('New/Sealed')
  // $700 each, stored in pounds at the day's rate and shown in dollars again: exactly $1400.00.
  await expect(falconRow).toContainText('$1400.00')
  await expect(summaryCard(page, 'Cost Basis')).toContainText('$1400.00')
  await expect(summaryCard(page, 'Total Items')).toContainText('2 sets · 0 minifigures')
  await expect(falconRow).toContainText('—')

  // Create mode: nothing in the catalogue matches, so add a new item and the entry in one go.
  // Mostly random, so that no other run's item (the other viewport's) is similar enough to match.
  const name = `Bespoke ${token()}${token()}`
  await main.getByRole('button', { name: 'Add to your collection' }).click()
  await expect(box).toHaveValue('')
  await box.fill(name)
  await expect(add.getByText(`No items found for "${name}"`)).toBeVisible()
  await add.getByRole('button', { name: 'Add new item' }).click()
  const create = dialog(page, 'Add new item')
  await expect(create.getByLabel('Name', { exact: true })).toHaveValue(name)
  const createButton = create.getByRole('button', { name: 'Create & Add to Collection' })
  await createButton.click()
  await expect(create.getByText('Item number is required')).toBeVisible()
  await expect(create.getByText('Theme is required')).toBeVisible()
  await expect(create.getByText('Please select a condition')).toBeVisible()
  await saveScreenshot(page, 'add-dialog-b-create', { fullPage: false })
  const number = `BC-${token()}`
  await create.getByLabel('Item Number').fill(number)
  await create.getByLabel('Theme').fill('Castle')
  await create.getByLabel('Year').fill('2021')
  await create.getByLabel('Pieces').fill('321')
  await chooseCondition(create, page, 'Used/Complete')
  await create.getByLabel('Price Paid (per item)').fill('45')
  await createButton.click()
  await expect(toastArea(page).getByText('Item created and added to your collection!')).toBeVisible()
  await expect(create).toBeHidden()
  await expect(entryRow(page, name)).toContainText('Used/Complete')
  await expect(entryRow(page, name)).toContainText('$45.00')
  await expect(main.getByText('3 items in your collection · 2 entries')).toBeVisible()
  await expect(showing(page)).toHaveText('Showing 1 to 2 of 2 items')

  // The new item is in the catalogue for everyone now.
  expect((await findItem(page, base, number)).name).toBe(name)
  expect(errors).toEqual([])
})

test('the item page adds the item to the collection (variant A)', async ({ page }) => {
  const errors = collectErrors(page)
  const base = mainUrl()
  await signUpViaApi(page, base, { label: 'itempage', currency: 'EUR' })
  await page.goto('/item/75192-1-millennium-falcon')
  const main = page.getByRole('main')
  const open = main.getByRole('button', { name: 'Add to Collection' })
  await open.click()
  const add = dialog(page, 'Add to Collection')
  await expect(add).toContainText('75192-1')
  await expect(add).toContainText('Millennium Falcon')
  await expect(add.getByText('€', { exact: true })).toBeVisible()
  await chooseCondition(add, page, 'New/Open box')
  await add.getByLabel('Quantity').fill('2')
  await add.getByLabel('Cost Basis (per item)').fill('600.50')
  await add.getByLabel('Purchase Date').fill('2024-02-10')
  await add.getByRole('button', { name: 'Add to Collection', exact: true }).click()
  await expect(
    toastArea(page).getByText('Item added to collection successfully', { exact: true }),
  ).toBeVisible()
  await expect(add).toBeHidden()
  await expect(open).toBeFocused()

  // Stored as typed (euros, kept beside the pounds), and listed in My Collection.
  const collection = await collectionViaApi(page, base)
  expect(collection.total).toBe(1)
  expect(collection.entries[0]).toMatchObject({
    quantity: 2,
    purchaseDate: '2024-02-10',
    originalPrice: '600.50',
    currency: 'EUR',
  })
  expect(collection.entries[0]?.condition.label).toBe('New/Open box')
  await page.goto('/collection')
  const row = entryRow(page, 'Millennium Falcon')
  await expect(row).toContainText('New/Open box')
  // Shown in euros again, from pounds at today's (built-in) rate: within a cent of what was typed.
  await expect(row).toContainText(/€(1200\.99|1201\.00)/)

  // Opened again, the form starts empty.
  await page.goBack()
  await open.click()
  await expect(add.getByRole('combobox', { name: 'Condition' })).toHaveText('Select condition')
  await expect(add.getByLabel('Quantity')).toHaveValue('1')
  expect(errors).toEqual([])
})

test('variant A adds another copy; bad inputs show the messages and write nothing', async ({ page }) => {
  const errors = collectErrors(page)
  const base = mainUrl()
  await signUpViaApi(page, base, { label: 'careful', currency: 'GBP' })
  const falcon = await findItem(page, base, '75192-1')
  await addEntryViaApi(page, base, {
    itemId: falcon.id,
    condition: 'New/Sealed',
    quantity: 1,
    pricePaid: '500',
    currency: 'GBP',
  })
  // A condition the server does not know, offered as if it did: the server must refuse it.
  const setConditions = (url: URL) =>
    url.pathname === '/api/conditions' && url.searchParams.get('category') === 'set'
  await page.route(setConditions, async (route) => {
    const response = await route.fetch()
    const conditions = (await response.json()) as unknown[]
    await route.fulfill({
      response,
      json: [
        ...conditions,
        {
          id: 999,
          category: 'set',
          label: 'Mint in Tin',
          description: 'Never opened, in a tin',
          score: 100,
          grade: 'new',
        },
      ],
    })
  })
  await page.goto('/collection')
  await entryRow(page, 'Millennium Falcon')
    .getByRole('button', { name: 'Add another Millennium Falcon' })
    .click()

  // Variant A: the item, its retail price, and the fields with their defaults and hints.
  const add = dialog(page, 'Add to Collection')
  await expect(add).toContainText('75192-1')
  await expect(add).toContainText('Retail: £734.99')
  const condition = add.getByRole('combobox', { name: 'Condition' })
  await expect(condition).toHaveText('Select condition')
  const quantity = add.getByLabel('Quantity')
  const cost = add.getByLabel('Cost Basis (per item)')
  const date = add.getByLabel('Purchase Date')
  await expect(quantity).toHaveValue('1')
  await expect(quantity).toHaveAttribute('min', '1')
  await expect(cost).toHaveAttribute('step', '0.01')
  await expect(date).toHaveAttribute('max', todayUtc())
  await expect(add.getByText('What you paid for this item (optional, for P&L tracking)')).toBeVisible()
  await expect(add.getByText('£', { exact: true })).toBeVisible()
  await saveScreenshot(page, 'add-dialog-a', { fullPage: false })

  // Quantity 0, a negative price and a future date, and no condition: each field says why.
  const submit = add.getByRole('button', { name: 'Add to Collection', exact: true })
  await quantity.fill('0')
  await cost.fill('-5')
  await date.fill('2099-01-01')
  await submit.click()
  await expect(add.getByText('Required', { exact: true })).toBeVisible()
  await expect(add.getByText('Quantity must be at least 1')).toBeVisible()
  await expect(add.getByText(/^Price paid must be an amount such as 49\.99, not negative/)).toBeVisible()
  await expect(add.getByText('Purchase date cannot be in the future')).toBeVisible()
  await expect(condition).toBeFocused()
  await saveScreenshot(page, 'add-dialog-a-errors', { fullPage: false })
  // Text in a number field.
  await quantity.fill('')
  await quantity.pressSequentially('e')
  await expect(add.getByText('Expected number, received string')).toBeVisible()

  // The unknown condition: the server answers 'Condition not found'; the dialog stays open.
  await quantity.fill('1')
  await cost.fill('650')
  await date.fill('2024-03-01')
  await chooseCondition(add, page, 'Mint in Tin')
  await submit.click()
  await expect(toastArea(page).getByText('Failed to add item to collection', { exact: true })).toBeVisible()
  await expect(add.getByRole('alert')).toHaveText('Condition not found')
  expect((await collectionViaApi(page, base)).total).toBe(1)

  // Fixed: added, with the success toast; the dialog closes.
  await chooseCondition(add, page, 'Used/Complete')
  await submit.click()
  await expect(
    toastArea(page).getByText('Item added to collection successfully', { exact: true }),
  ).toBeVisible()
  await expect(add).toBeHidden()
  await expect(entryRows(page)).toHaveCount(2)
  await expect(entryRow(page, 'Used/Complete')).toContainText('£650.00')

  // The API refuses the same bad inputs with the same words, and stores nothing.
  const refused: Array<[Record<string, unknown>, number, RegExp]> = [
    [{ quantity: 0 }, 400, /Quantity must be at least 1/],
    [{ quantity: 'two' }, 400, /Quantity must be a number/],
    [{ condition: 'Mint in Tin' }, 400, /^Condition not found$/],
    [{ condition: '' }, 400, /Please select a condition/],
    [{ purchaseDate: '2099-01-01' }, 400, /Purchase date cannot be in the future/],
    [{ pricePaid: '-1' }, 400, /not negative/],
    [{ pricePaid: 'ten' }, 400, /Price paid must be an amount/],
    [{ itemId: 2_000_000_000 }, 404, /^Item not found$/],
  ]
  for (const [change, status, message] of refused) {
    const response = await page.request.post(`${base}/api/collections`, {
      data: { itemId: falcon.id, condition: 'New/Sealed', quantity: 1, pricePaid: '1', ...change },
      headers: originOf(base),
    })
    expect(response.status(), JSON.stringify(change)).toBe(status)
    expect(((await response.json()) as { message: string }).message).toMatch(message)
  }
  expect((await collectionViaApi(page, base)).total).toBe(2)

  // Creating an item with bad facts: the messages, and no item and no entry.
  await page.getByRole('main').getByRole('button', { name: 'Add to your collection' }).click()
  const flow = dialog(page, 'Add to your collection')
  await flow
    .getByRole('searchbox', { name: 'Search sets and minifigures' })
    .fill(`Nothing like it ${token()}`)
  await flow.getByRole('button', { name: 'Add new item' }).click()
  const create = dialog(page, 'Add new item')
  const number = `BAD-${token()}`
  await create.getByLabel('Item Number').fill(number)
  await create.getByLabel('Theme').fill('Castle')
  await create.getByLabel('Year').fill('1900')
  await create.getByLabel('Pieces').fill('0')
  await create.getByLabel('Minifigures').fill('-1')
  await create.getByLabel('Image URL').fill('not a url')
  await chooseCondition(create, page, 'New/Sealed')
  await create.getByLabel('Quantity').fill('0')
  await create.getByRole('button', { name: 'Create & Add to Collection' }).click()
  await expect(create.getByText('Year must be 1950 or later')).toBeVisible()
  await expect(create.getByText('Pieces must be at least 1')).toBeVisible()
  await expect(create.getByText('Minifigures must be at least 0')).toBeVisible()
  await expect(create.getByText('Image URL must be a web address (http or https)')).toBeVisible()
  await expect(create.getByText('Quantity must be at least 1')).toBeVisible()
  await create.getByLabel('Year').fill('')
  await create.getByLabel('Year').pressSequentially('e')
  await expect(create.getByText('Expected number, received string')).toBeVisible()
  await create.getByRole('button', { name: 'Close' }).click()
  await expect(create).toBeHidden()
  const search = await page.request.get(`${base}/api/search/items?query=${number}`)
  expect(((await search.json()) as { results: unknown[] }).results).toEqual([])
  expect((await collectionViaApi(page, base)).total).toBe(2)

  // Only the refused add logged errors: its 400 and the logged failure.
  expect(unexpected(errors, /status of 400/, /Condition not found/)).toEqual([])
})

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
  await expect(toastArea(page).getByText('Unauthorized')).toBeVisible()
  await expect(toastArea(page).getByText('You are logged out. Logging in again...')).toBeVisible()
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

test.describe('with known market prices', () => {
  // The catalogue server starts with an admin, whose sales are verified and set fair prices.
  test.use({ baseURL: CATALOGUE_URL })

  test('totals, P&L and 24-hour change from known sales, in every currency; filters; Home; analytics', async ({
    page,
    playwright,
  }) => {
    const errors = collectErrors(page)
    const run = token()
    const theme = `Vault Test ${run}`
    const admin = await adminClient(playwright)
    const gainer = await createItemAs(admin, {
      type: 'minifig',
      name: `Gainer Trooper ${run}`,
      number: `vg${run}`,
      theme,
      year: 2020,
    })
    const decliner = await createItemAs(admin, {
      type: 'minifig',
      name: `Decliner Droid ${run}`,
      number: `vd${run}`,
      theme,
      year: 2021,
    })
    const fresh = await conditionId(admin, 'minifig', 'New')
    // Gainer: yesterday £20 and £40 (fair price then: the lower middle of two, £20); today £60 too, so
    // the weighted median of the three (today's weighs a little more) is £40. 24h: +£20 a figure.
    await recordSaleAs(admin, gainer.id, { price: '20.00', conditionId: fresh, saleDate: daysAgoUtc(1) })
    await recordSaleAs(admin, gainer.id, { price: '40.00', conditionId: fresh, saleDate: daysAgoUtc(1) })
    await recordSaleAs(admin, gainer.id, { price: '60.00', conditionId: fresh, saleDate: todayUtc() })
    // Decliner: £8, £12 and £40 today: fair price £12; no price yesterday, so no 24h change.
    for (const price of ['8.00', '12.00', '40.00'])
      await recordSaleAs(admin, decliner.id, { price, conditionId: fresh, saleDate: todayUtc() })
    await admin.dispose()

    await signUpViaApi(page, CATALOGUE_URL, { label: 'investor', profileType: 'investor', currency: 'GBP' })
    // Two gainers at £15 (cost £30, value £80, P&L +£50 = +166.67%, 24h +£40 = +100%);
    // one decliner at £20 (value £12, P&L −£8 = −40%). Totals: value £92, cost £50, P&L +£42 = +84%.
    await addEntryViaApi(page, CATALOGUE_URL, {
      itemId: gainer.id,
      condition: 'New',
      quantity: 2,
      pricePaid: '15.00',
      currency: 'GBP',
      purchaseDate: daysAgoUtc(30),
    })
    await addEntryViaApi(page, CATALOGUE_URL, {
      itemId: decliner.id,
      condition: 'New',
      quantity: 1,
      pricePaid: '20.00',
      currency: 'GBP',
    })

    await page.goto('/collection')
    const gainerRow = entryRow(page, 'Gainer Trooper')
    const declinerRow = entryRow(page, 'Decliner Droid')
    const expectAmounts = async (currency: string, amounts: Record<string, string>) => {
      const t = (key: string) => amounts[key] as string
      await expect(summaryCard(page, 'Total Value')).toContainText(t('92'))
      await expect(summaryCard(page, 'Total Value')).toContainText(`+${t('40')} in 24h`)
      await expect(summaryCard(page, 'Unrealized P&L')).toContainText(`+${t('42')}`)
      await expect(summaryCard(page, 'Unrealized P&L')).toContainText('+84.00%')
      await expect(summaryCard(page, 'Cost Basis')).toContainText(t('50'))
      for (const text of [t('30'), t('80'), `+${t('50')}`, '+166.67%', `+${t('40')}`, '+100.00%'])
        await expect(gainerRow, `${currency} gainer ${text}`).toContainText(text)
      for (const text of [t('20'), t('12'), `${MINUS}${t('8')}`, `${MINUS}40.00%`, '—'])
        await expect(declinerRow, `${currency} decliner ${text}`).toContainText(text)
    }
    await expectAmounts('GBP', {
      92: '£92.00',
      50: '£50.00',
      42: '£42.00',
      80: '£80.00',
      30: '£30.00',
      40: '£40.00',
      12: '£12.00',
      20: '£20.00',
      8: '£8.00',
    })
    await expect(summaryCard(page, 'Total Items')).toContainText('3')
    await expect(summaryCard(page, 'Total Items')).toContainText('0 sets · 3 minifigures')
    await expectNoHorizontalOverflow(page)
    await saveScreenshot(page, 'collection-filled')

    // Every amount converts, at the built-in rates (per US dollar: GBP 0.73, EUR 0.85, JPY 110).
    await chooseCurrency(page, 'USD')
    await expectAmounts('USD', {
      92: '$126.03',
      50: '$68.49',
      42: '$57.53',
      80: '$109.59',
      30: '$41.10',
      40: '$54.79',
      12: '$16.44',
      20: '$27.40',
      8: '$10.96',
    })
    await chooseCurrency(page, 'EUR')
    await expectAmounts('EUR', {
      92: '€107.12',
      50: '€58.22',
      42: '€48.90',
      80: '€93.15',
      30: '€34.93',
      40: '€46.58',
      12: '€13.97',
      20: '€23.29',
      8: '€9.32',
    })
    await chooseCurrency(page, 'JPY')
    await expectAmounts('JPY', {
      92: '¥13,863',
      50: '¥7,534',
      42: '¥6,329',
      80: '¥12,055',
      30: '¥4,521',
      40: '¥6,027',
      12: '¥1,808',
      20: '¥3,014',
      8: '¥1,205',
    })
    await chooseCurrency(page, 'GBP')

    // Gainers and decliners.
    const chips = page.getByRole('group', { name: 'Filter items' })
    await chips.getByRole('button', { name: 'Gainers' }).click()
    await expect(entryRows(page)).toHaveCount(1)
    await expect(entryRows(page).first()).toContainText('Gainer Trooper')
    await expect(page).toHaveURL(/filter=gainers/)
    await chips.getByRole('button', { name: 'Decliners' }).click()
    await expect(entryRows(page)).toHaveCount(1)
    await expect(entryRows(page).first()).toContainText('Decliner Droid')
    await chips.getByRole('button', { name: 'Sets' }).click()
    await expect(page.getByText('No items match')).toBeVisible()
    await chips.getByRole('button', { name: 'All Items' }).click()
    await expect(entryRows(page)).toHaveCount(2)

    // Sorting by P&L, best first then worst first.
    if (isNarrow(page)) {
      await page.getByLabel('Sort by').selectOption('pnl:asc')
      await expect(entryRows(page).first()).toContainText('Decliner Droid')
    } else {
      const pnl = page.getByRole('columnheader', { name: /P&L/ })
      await pnl.getByRole('button').click()
      await expect(pnl).toHaveAttribute('aria-sort', 'descending')
      await expect(entryRows(page).first()).toContainText('Gainer Trooper')
      await pnl.getByRole('button').click()
      await expect(pnl).toHaveAttribute('aria-sort', 'ascending')
      await expect(entryRows(page).first()).toContainText('Decliner Droid')
    }

    // Home: the vault count, the value in whole pounds, the lists, and the investor's analytics card.
    await page.getByRole('link', { name: 'Brickfolio home' }).click()
    const dashboard = page.getByRole('region', { name: 'Your collection at a glance' })
    await expect(dashboard.getByText('Items in Your Vault')).toBeVisible()
    await expect(dashboard).toContainText('Total Collection Value')
    await expect(dashboard).toContainText('£92')
    await expect(
      dashboard.getByRole('region', { name: 'Most valuable' }).getByRole('listitem').first(),
    ).toContainText('Gainer Trooper')
    await expect(
      dashboard.getByRole('region', { name: 'Recent additions' }).getByRole('listitem'),
    ).toHaveCount(2)
    await expect(dashboard.getByRole('region', { name: 'Top themes' })).toContainText(theme)
    await expect(dashboard.getByRole('region', { name: 'Top themes' })).toContainText('100% of value')
    await expectNoHorizontalOverflow(page)
    await saveScreenshot(page, 'home-dashboard')

    // Analytics: ROI, performers, allocation, and the chart's ranges.
    await dashboard.getByRole('link', { name: /Portfolio analytics/ }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio Analytics')
    const stats = page.getByRole('main')
    await expect(
      stats.locator('dt', { hasText: 'Total ROI' }).locator('xpath=following-sibling::dd'),
    ).toHaveText('+84.00%')
    const best = page.getByRole('region', { name: 'Best performers' })
    await expect(best).toContainText('Gainer Trooper')
    await expect(best).toContainText('+£50.00')
    const worst = page.getByRole('region', { name: 'Worst performers' })
    await expect(worst).toContainText('Decliner Droid')
    await expect(worst).toContainText(`${MINUS}£8.00`)
    await expect(page.getByRole('list', { name: 'Allocation by type' })).toContainText('Minifigures')
    await expect(page.getByRole('list', { name: 'Allocation by type' })).toContainText('100.0%')
    await expect(page.getByRole('list', { name: 'Allocation by theme' })).toContainText(theme)
    const chart = page.getByRole('img', { name: /^Collection value over the last year/ })
    await expect(chart).toBeVisible()
    const ranges = page.getByRole('group', { name: 'Range' })
    await expect(ranges.getByRole('button', { name: '1Y' })).toHaveAttribute('aria-pressed', 'true')
    const ninety = page.waitForResponse((response) => response.url().includes('/api/me/portfolio?range=90d'))
    await ranges.getByRole('button', { name: '90D' }).click()
    await ninety
    await expect(ranges.getByRole('button', { name: '90D' })).toHaveAttribute('aria-pressed', 'true')
    await expect(page).toHaveURL(/range=90d/)
    const value = page.getByRole('region', { name: 'Value over time' })
    await expect(value.getByRole('img', { name: /^Collection value over the last 90 days/ })).toBeVisible()
    // The legend shows the latest day (value £92.00 against £50.00), then the hovered day's values: three
    // weeks ago only the two gainers were owned (cost £30.00) and had no market price yet (£0.00).
    const legend = value.locator('figcaption')
    await expect(legend).toContainText('Value£92.00')
    await expect(legend).toContainText('Cost basis£50.00')
    const box = await value.locator('.uplot .u-over').boundingBox()
    if (!box) throw new Error('The chart has no plotting area')
    await page.mouse.move(box.x + box.width * 0.78, box.y + box.height / 2)
    await expect(legend).toContainText('Cost basis£30.00')
    await expect(legend).toContainText('Value£0.00')
    await page.mouse.move(0, 0)
    const all = page.waitForResponse((response) => response.url().includes('/api/me/portfolio?range=all'))
    await ranges.getByRole('button', { name: 'ALL' }).click()
    await all
    await expect(value.getByRole('img', { name: /^Collection value over all time/ })).toBeVisible()
    await chooseCurrency(page, 'EUR')
    await expect(legend).toContainText('Value€107.12')
    await expect(page.getByRole('main')).toContainText('€107.12')
    await chooseCurrency(page, 'GBP')
    await expectNoHorizontalOverflow(page)
    await saveScreenshot(page, 'analytics')
    expect(errors).toEqual([])
  })
})
