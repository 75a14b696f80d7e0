import { expect, test } from '@playwright/test'
import {
  addEntryViaApi,
  chooseCondition,
  collectionViaApi,
  dialog,
  entryRow,
  entryRows,
  findItem,
  mainUrl,
  originOf,
  showing,
  signUpViaApi,
  summaryCard,
  token,
  unexpected,
} from './collection-support.ts'
import {
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  recordToasts,
  saveScreenshot,
  toastArea,
  todayUtc,
} from './support.ts'

/**
 * My Collection: signed out, empty, and adding entries (variant A from the item page, variant B from
 * the collection page).
 */

test('signed out, My Collection and its analytics say so and go to login', async ({ page }) => {
  await recordToasts(page)
  for (const path of ['/collection', '/collection/analytics']) {
    await page.goto(path)
    await expectToastShown(page, 'You are logged out. Logging in again...')
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
  await expect(add).toContainText('Retail: $849.99 (US)')
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
  // No market price yet is not a loss (issue 12): no value, no P&L, and the unpriced cost said apart.
  await expect(summaryCard(page, 'Total Value')).toContainText('$0.00')
  await expect(summaryCard(page, 'Total Value')).toContainText(
    '1 entry (cost $1400.00) without a market price yet',
  )
  await expect(summaryCard(page, 'Unrealized P&L')).toContainText('$0.00')
  await expect(summaryCard(page, 'Unrealized P&L')).toContainText('No market prices yet')
  await expect(summaryCard(page, 'Unrealized P&L')).not.toContainText('%')
  await saveScreenshot(page, 'collection-unpriced', { fullPage: false })

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
  await expect(add).toContainText('Retail: £734.99 (UK)')
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
