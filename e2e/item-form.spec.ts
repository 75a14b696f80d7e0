import { expect, test } from '@playwright/test'
import {
  createItem,
  deleteRequest,
  FALCON_SLUG,
  fetchItem,
  recordSale,
  signInAsAdmin,
  signUpCollector,
  uniqueToken,
  waitForImages,
} from './catalogue-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  saveScreenshot,
  toastArea,
} from './support.ts'

/**
 * Adding, editing and deleting catalogue items, and who may.
 *
 * On the catalogue server (CATALOGUE_URL in e2e/accounts.ts says how it starts, with an admin).
 */
test.use({ baseURL: CATALOGUE_URL })

test('add a set as a collector, then edit it as its creator', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  await signUpCollector(page, 'adder')
  const token = uniqueToken()
  const number = `E2E${token}-1`
  const name = `Test Shuttle ${token}`

  await page.goto('/sets')
  await page.getByRole('main').getByRole('link', { name: 'Add Set' }).click()
  await expect(page).toHaveURL(/\/add-item\?type=set$/)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Add New LEGO Set')
  const form = page.getByRole('form', { name: 'Add New LEGO Set' })
  // The type comes from the query: no choice offered.
  await expect(form.getByRole('radio')).toHaveCount(0)
  await expect(form.getByText('The official retail price in your local currency')).toBeVisible()
  await expect(form.getByLabel('Retail Price (MSRP)')).toHaveAttribute('step', '0.01')
  await expect(form.getByLabel('Release Year')).toHaveAttribute('min', '1950')
  await expect(form.getByLabel('Release Year')).toHaveAttribute('max', String(new Date().getFullYear()))
  await expect(form.getByText('$', { exact: true })).toBeVisible()

  // The shared schema's messages, under the fields.
  await form.getByRole('button', { name: 'Add Set' }).click()
  await expect(form.getByText('Name is required')).toBeVisible()
  await expect(form.getByText('Item number is required')).toBeVisible()
  await expect(form.getByText('Theme is required')).toBeVisible()
  await form.getByLabel('Image URL').fill('not an address')
  await expect(form.getByText('Image URL must be a web address (http or https)')).toBeVisible()
  await form.getByLabel('Image URL').fill('')
  await form.getByLabel('Release Year').fill('1949')
  await expect(form.getByText('Year must be 1950 or later')).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'add-item')

  await form.getByLabel('Name').fill(`  ${name} `)
  await form.getByLabel('Set Number').fill(number)
  await form.getByLabel('Theme').fill('Star Wars')
  await form.getByLabel('Release Year').fill('1960')
  await form.getByLabel('Piece Count').fill('321')
  await form.getByLabel('Minifigures Included').fill('3')
  await form.getByLabel('Retail Price (MSRP)').fill('49.99')
  await expect(form.getByText('Year must be 1950 or later')).toHaveCount(0)
  await form.getByRole('button', { name: 'Add Set' }).click()

  await expect(page).toHaveURL(new RegExp(`/item/${number.toLowerCase()}-test-shuttle-`))
  const slug = new URL(page.url()).pathname.split('/')[2] ?? ''
  await expect(toastArea(page).getByText('Item added successfully')).toBeVisible()
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(`${number} - ${name}`)
  // Typed in dollars, stored in pounds, shown in dollars again.
  await expect(main.getByRole('definition')).toHaveText(['1960', '321', '$49.99', '3'])

  // Its creator may edit it, but only trusted members and admins delete.
  await expect(main.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Add to Collection' })).toBeEnabled()
  await expect(main.getByRole('button', { name: 'Set Alert' })).toBeEnabled()
  await main.getByRole('link', { name: 'Edit Item' }).click()

  await expect(page).toHaveURL(new RegExp(`/item/${slug}/edit$`))
  const editForm = page.getByRole('form', { name: 'Edit item' })
  await expect(editForm.getByLabel('Name')).toHaveValue(name)
  await expect(editForm.getByLabel('Set Number')).toHaveValue(number)
  await expect(editForm.getByLabel('Theme')).toHaveValue('Star Wars')
  await expect(editForm.getByLabel('Release Year')).toHaveValue('1960')
  await expect(editForm.getByLabel('Piece Count')).toHaveValue('321')
  await expect(editForm.getByLabel('Retail Price (MSRP)')).toHaveValue('49.99')
  await expect(main.getByRole('link', { name: 'Back to Item' })).toHaveAttribute('href', `/item/${slug}`)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'edit-item')

  await editForm.getByLabel('Name').fill('')
  await expect(editForm.getByText('Name is required')).toBeVisible()
  await editForm.getByLabel('Name').fill(`${name} Mk II`)
  await editForm.getByLabel('Piece Count').fill('400')
  await editForm.getByRole('button', { name: 'Update Item' }).click()
  await expect(toastArea(page).getByText('Item updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/item\/[^/]+$/)
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(`${number} - ${name} Mk II`)
  await expect(main.getByRole('definition')).toHaveText(['1960', '400', '$49.99', '3'])

  // The same number again: the server's message.
  await page.goto('/add-item?type=set')
  const again = page.getByRole('form', { name: 'Add New LEGO Set' })
  await again.getByLabel('Name').fill('Another Shuttle')
  await again.getByLabel('Set Number').fill(number)
  await again.getByLabel('Theme').fill('Star Wars')
  await again.getByRole('button', { name: 'Add Set' }).click()
  await expect(toastArea(page).getByText('Error', { exact: true })).toBeVisible()
  await expect(
    toastArea(page).getByText(`A set with the number ${number} is already in the catalogue.`),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/add-item\?type=set$/)

  await again.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([])
})

test('without a type, the add form offers one; the search box offers to add', async ({ page }) => {
  await signUpCollector(page, 'finder')
  await page.goto('/')
  await page.getByRole('combobox', { name: 'Search sets and minifigures' }).fill('zzzqqq')
  await expect(page.getByText('No items found for "zzzqqq"').first()).toBeVisible()
  await page.getByRole('link', { name: 'Add new item' }).click()
  await expect(page).toHaveURL(/\/add-item$/)
  const form = page.getByRole('form', { name: 'Add New LEGO Item' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add New LEGO Item')
  await expect(form.getByRole('radio', { name: 'Set' })).toBeChecked()
  await expect(form.getByLabel('Set Number')).toBeVisible()
  await form.getByRole('radio', { name: 'Minifigure' }).check()
  await expect(form.getByLabel('Minifigure Code')).toBeVisible()
  await expect(form.getByLabel('Piece Count')).toHaveCount(0)
  await expect(form.getByLabel('Retail Price (MSRP)')).toHaveCount(0)
  await expect(form.getByRole('button', { name: 'Add Item' })).toBeVisible()
  await saveScreenshot(page, 'add-item-any-type')

  const token = uniqueToken()
  await form.getByLabel('Name').fill(`Test Pilot ${token}`)
  await form.getByLabel('Minifigure Code').fill(`tp${token}`)
  await form.getByLabel('Theme').fill('Star Wars')
  await form.getByRole('button', { name: 'Add Item' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`tp${token} - Test Pilot ${token}`)
  await expect(page.getByRole('main').getByText('Minifigure', { exact: true })).toBeVisible()
})

test('a collector cannot delete or edit a catalogue set: no buttons, and the API says 403', async ({
  page,
}) => {
  await signUpCollector(page, 'reader')
  await page.goto(`/item/${FALCON_SLUG}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('75192-1 - Millennium Falcon')
  await expect(main.getByRole('button', { name: 'Add to Collection' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Set Alert' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await expect(main.getByRole('link', { name: 'Edit Item' })).toHaveCount(0)

  const falcon = await fetchItem(page.request, FALCON_SLUG)
  const refused = await deleteRequest(page.request, falcon.id)
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toMatchObject({ message: 'Only trusted members and admins can delete items.' })

  // The edit screen says why instead of showing the form.
  await page.goto(`/item/${FALCON_SLUG}/edit`)
  await expect(main.getByText("You can't edit this item")).toBeVisible()
  await expect(page.getByRole('form')).toHaveCount(0)
  await main.getByRole('link', { name: 'Back to Item' }).click()
  await expect(page).toHaveURL(new RegExp(`/item/${FALCON_SLUG}$`))
})

test('signed out, adding and editing items go to login', async ({ page }) => {
  await page.goto(`/item/${FALCON_SLUG}/edit`)
  await expectToastShown(page, 'Unauthorized')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/add-item?type=set')
  await expect(page).toHaveURL(/\/login$/)
})

test('an admin deletes an item; one that people keep is refused with the reason', async ({ page }) => {
  // Three items made, opened and deleted: longer than the default 30 s on a loaded machine.
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  await signInAsAdmin(page)
  const token = uniqueToken()
  const doomed = await createItem(page.request, { name: `Doomed Set ${token}`, number: `DM${token}-1` })
  const kept = await createItem(page.request, { name: `Kept Set ${token}`, number: `KP${token}-1` })
  await recordSale(page.request, kept.id)

  await page.goto(`/item/${doomed.slug}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Edit Item' })).toBeVisible()
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
  await waitForImages(page)
  await saveScreenshot(page, 'item-as-admin', { fullPage: false })
  await main.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete Set' })
  await expect(dialog).toContainText(
    `Are you sure you want to delete "Doomed Set ${token}"? This action cannot be undone.`,
  )
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await saveScreenshot(page, 'delete-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  await main.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(toastArea(page).getByText('Set deleted successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/sets$/)
  expect((await page.request.get(`/api/items/slug/${doomed.slug}`)).status()).toBe(404)

  // Someone recorded a sale of this one: the server refuses, and says why.
  await page.goto(`/item/${kept.slug}`)
  await main.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(toastArea(page).getByText('Failed to delete set')).toBeVisible()
  await expect(toastArea(page).getByText(/This set is in 1 recorded sale/)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/item/${kept.slug}$`))

  // A minifigure's dialog and its way out.
  const figure = await createItem(page.request, {
    type: 'minifig',
    name: `Doomed Figure ${token}`,
    number: `dmf${token}`,
  })
  await page.goto(`/item/${figure.slug}`)
  await main.getByRole('button', { name: 'Delete' }).click()
  const figureDialog = page.getByRole('alertdialog', { name: 'Delete Minifigure' })
  await figureDialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/minifigures$/)
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([])
})
