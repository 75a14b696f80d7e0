import { expect, test } from '@playwright/test'
import { memberWatchingNewItem, setAlertBelow } from './alert-support.ts'
import { createItem, recordSale, uniqueToken } from './catalogue-support.ts'
import { chooseCondition } from './collection-support.ts'
import { adminPage, memberPage } from './moderation-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  saveScreenshot,
} from './support.ts'

/**
 * Price alerts in the browser (spec 02 §2, issue 13): the Set Price Alert modal on the item page with the
 * spec's messages and toasts, and the watchlist: 'Sign in Required', 'No alerts set' with Browse Items, each
 * alert with its item, condition, 'Alert when below $…', Active or Paused, paused, edited and deleted.
 */
test.use({ baseURL: CATALOGUE_URL })

test('signed out, the watchlist asks to sign in', async ({ page }) => {
  await page.goto('/watchlist')
  await expect(page.getByRole('heading', { name: 'Sign in Required' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
})

test('an alert is set from the item page, shown on the watchlist, paused, edited and deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Wanda', last: `Watcher${token}` })
  const seen = member.page
  const errors = collectErrors(seen)
  const item = await createItem(seen.request, { name: `Watched Set ${token}`, number: `WS${token}-1` })

  // Empty: the spec's words and the Browse Items dialog.
  await seen.goto('/watchlist')
  await expect(seen.getByRole('heading', { level: 1, name: 'My Watchlist' })).toBeVisible()
  await expect(seen.getByRole('heading', { name: 'No alerts set' })).toBeVisible()
  await seen.getByRole('button', { name: 'Browse Items' }).click()
  const browse = seen.getByRole('dialog', { name: 'Browse Items' })
  await expect(browse.getByRole('link', { name: 'LEGO Sets' })).toHaveAttribute('href', '/sets')
  await expect(browse.getByRole('link', { name: 'Minifigures' })).toHaveAttribute('href', '/minifigures')
  await seen.keyboard.press('Escape')

  // The modal: below and active to start with; the spec's messages.
  await seen.goto(`/item/${item.slug}`)
  await seen.getByRole('main').getByRole('button', { name: 'Set Alert' }).click()
  const dialog = seen.getByRole('dialog', { name: 'Set Price Alert' })
  await expect(dialog.getByRole('radio', { name: 'Below' })).toBeChecked()
  await expect(dialog.getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true')
  await dialog.getByRole('button', { name: 'Create Alert' }).click()
  await expect(dialog.getByText('Price threshold is required')).toBeVisible()
  await expect(dialog.getByText('Please select a condition')).toBeVisible()
  await dialog.getByLabel('Price threshold (USD)').fill('0')
  await dialog.getByRole('button', { name: 'Create Alert' }).click()
  await expect(dialog.getByText('Price must be positive')).toBeVisible()
  await chooseCondition(dialog, seen, 'New/Sealed')
  await dialog.getByLabel('Price threshold (USD)').fill('600')
  await saveScreenshot(seen, 'set-alert-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Create Alert' }).click()
  await expectToastShown(seen, 'Alert created', "You'll be notified when the price reaches your threshold")
  await expect(dialog).toBeHidden()

  // The same alert again is refused, with the spec's failure toast; the dialog lists the one already set.
  await seen.getByRole('main').getByRole('button', { name: 'Set Alert' }).click()
  const already = dialog.getByRole('region', { name: 'Your alerts on this item' })
  await expect(already.getByRole('listitem')).toHaveText(['New/Sealed · below $600.00 · Active'])
  await expect(already.getByRole('link', { name: 'Manage in My Watchlist' })).toHaveAttribute(
    'href',
    '/watchlist',
  )
  await saveScreenshot(seen, 'set-alert-dialog-existing', { fullPage: false })
  await chooseCondition(dialog, seen, 'New/Sealed')
  await dialog.getByLabel('Price threshold (USD)').fill('600')
  await dialog.getByRole('button', { name: 'Create Alert' }).click()
  await expectToastShown(seen, 'Failed to create price alert', 'You already have this alert')
  await seen.keyboard.press('Escape')

  await seen.goto('/watchlist')
  const row = seen.getByTestId('alert-row')
  await expect(row).toHaveCount(1)
  await expect(seen.getByRole('main').getByText('1 alert', { exact: true })).toBeVisible()
  await expect(row.getByRole('link', { name: `WS${token}-1 - Watched Set ${token}` })).toHaveAttribute(
    'href',
    `/item/${item.slug}`,
  )
  await expect(row).toContainText('New/Sealed')
  await expect(row).toContainText('Alert when below $600.00')
  await expect(row).toContainText('Fair price now: No data')
  await expect(row).not.toContainText('Updated')
  await expect(row).not.toContainText('Last fired')
  await expect(row).toContainText('Active')
  await saveScreenshot(seen, 'watchlist')
  if ((page.viewportSize()?.width ?? 1280) < 400) await expectNoHorizontalOverflow(seen)

  // Paused, by keyboard; then deleted.
  const active = row.getByRole('switch', { name: `Active: WS${token}-1 - Watched Set ${token}` })
  await active.focus()
  await seen.keyboard.press('Space')
  await expect(active).toHaveAttribute('aria-checked', 'false')
  await expect(row).toContainText('Paused')
  await seen.reload()
  await expect(seen.getByTestId('alert-row')).toContainText('Paused')

  // Edited: the dialog starts from the alert as it is, says the spec's message for an empty threshold, and
  // sends what changed.
  await row.getByRole('button', { name: `Edit alert: WS${token}-1 - Watched Set ${token}` }).click()
  const edit = seen.getByRole('dialog', { name: 'Edit Price Alert' })
  await expect(edit).toContainText(`WS${token}-1 - Watched Set ${token}`)
  await expect(edit).toContainText('New/Sealed')
  await expect(edit.getByRole('radio', { name: 'Below' })).toBeChecked()
  const threshold = edit.getByLabel('Price threshold (USD)')
  await expect(threshold).toHaveValue('600.00')
  await expect(edit.getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'false')
  await threshold.fill('')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit.getByText('Price threshold is required')).toBeVisible()
  await expect(threshold).toBeFocused()
  await edit.getByRole('radio', { name: 'Above' }).click()
  await threshold.fill('650')
  await saveScreenshot(seen, 'edit-alert-dialog', { fullPage: false })
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expectToastShown(seen, 'Alert updated')
  await expect(edit).toBeHidden()
  await expect(row).toContainText('Alert when above $650.00')
  await expect(row).toContainText('Paused')
  const edited = (await (await seen.request.get('/api/me/alerts')).json()) as Array<Record<string, unknown>>
  expect(edited).toMatchObject([
    { direction: 'above', thresholdValue: '650.00', currency: 'USD', active: false },
  ])

  // Another member cannot touch it.
  const alerts = (await (await seen.request.get('/api/me/alerts')).json()) as Array<{ id: number }>
  const other = await memberPage(browser, page.viewportSize(), { first: 'Otto', last: `Other${token}` })
  const foreign = await other.page.request.delete(`/api/alerts/${alerts[0]?.id}`, {
    headers: { Origin: CATALOGUE_URL },
  })
  expect(foreign.status()).toBe(404)

  await seen
    .getByTestId('alert-row')
    .getByRole('button', { name: /^Delete alert/ })
    .click()
  await expectToastShown(seen, 'Alert deleted')
  await expect(seen.getByRole('heading', { name: 'No alerts set' })).toBeVisible()
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([])
})

test('an alert paused for a while says when it resumes, and its switch resumes it at once', async ({
  page,
  browser,
}) => {
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Sonja', last: `Snoozer${token}` })
  const seen = member.page
  const errors = collectErrors(seen)
  const item = await createItem(seen.request, { name: `Snoozed Set ${token}`, number: `SN${token}-1` })
  await setAlertBelow(seen.request, item.id, '40')
  const title = `SN${token}-1 - Snoozed Set ${token}`

  await seen.goto('/watchlist')
  const row = seen.getByTestId('alert-row')
  await expect(row).toContainText('Active')
  await expect(row).not.toContainText('Resumes')
  // By keyboard: the menu opens on Enter with its first choice focused.
  const pauseFor = row.getByRole('button', { name: `Pause for a while: ${title}` })
  await pauseFor.focus()
  await seen.keyboard.press('Enter')
  const menu = seen.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText(['For 1 day', 'For 1 week', 'For 30 days'])
  await expect(menu.getByRole('menuitem', { name: 'For 1 day' })).toBeFocused()
  await saveScreenshot(seen, 'watchlist-pause-for', { fullPage: false })
  const before = Date.now()
  await menu.getByRole('menuitem', { name: 'For 1 week' }).click()
  await expectToastShown(seen, 'Alert paused', 'it then resumes by itself')
  await expect(row).toContainText('Paused')
  await expect(row.getByRole('switch', { name: `Active: ${title}` })).toHaveAttribute('aria-checked', 'false')

  // A week from the click, to the minute the row shows, in the server's answer and on the row.
  const [saved] = (await (await seen.request.get('/api/me/alerts')).json()) as Array<{ pausedUntil: string }>
  const until = Date.parse(saved?.pausedUntil ?? '')
  const week = 7 * 86_400_000
  expect(until).toBeGreaterThanOrEqual(before + week)
  expect(until).toBeLessThanOrEqual(Date.now() + week)
  const shown = await row.locator('time').first().getAttribute('datetime')
  expect(shown).toBe(saved?.pausedUntil)
  await expect(row).toContainText(
    `Resumes ${new Date(until).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })}`,
  )
  await saveScreenshot(seen, 'watchlist-paused-for')
  if ((page.viewportSize()?.width ?? 1280) < 400) await expectNoHorizontalOverflow(seen)

  // The switch resumes it now: no time left.
  await row.getByRole('switch', { name: `Active: ${title}` }).click()
  await expectToastShown(seen, 'Alert resumed')
  await expect(row).toContainText('Active')
  await expect(row).not.toContainText('Resumes')
  const [resumed] = (await (await seen.request.get('/api/me/alerts')).json()) as Array<
    Record<string, unknown>
  >
  expect(resumed).toMatchObject({ active: true, pausedUntil: null })
  expect(errors).toEqual([])
})

test('a watchlist open in one tab follows what another tab does to its alerts, without a reload', async ({
  page,
  browser,
}) => {
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Tomas', last: `Twotabs${token}` })
  const first = member.page
  const errors = collectErrors(first)
  const item = await createItem(first.request, { name: `Twin Tab Set ${token}`, number: `TT${token}-1` })
  await setAlertBelow(first.request, item.id, '40')
  const title = `TT${token}-1 - Twin Tab Set ${token}`

  // The live stream is open before the other tab acts.
  const streamOpen = first.waitForResponse((response) => response.url().endsWith('/api/me/events'))
  await first.goto('/watchlist')
  expect((await streamOpen).status()).toBe(200)
  const row = first.getByTestId('alert-row')
  await expect(row).toContainText('Active')
  const second = await first.context().newPage()
  await second.goto('/watchlist')
  const otherRow = second.getByTestId('alert-row')
  await otherRow.getByRole('button', { name: `Pause for a while: ${title}` }).click()
  await second.getByRole('menuitem', { name: 'For 1 day' }).click()
  await expect(otherRow).toContainText('Resumes')

  // The first tab, untouched, shows the pause and when it ends.
  await expect(row).toContainText('Paused')
  await expect(row).toContainText('Resumes')
  await expect(row.getByRole('switch', { name: `Active: ${title}` })).toHaveAttribute('aria-checked', 'false')

  await otherRow.getByRole('button', { name: `Delete alert: ${title}` }).click()
  await expect(second.getByRole('heading', { name: 'No alerts set' })).toBeVisible()
  await expect(first.getByRole('heading', { name: 'No alerts set' })).toBeVisible()
  await second.close()
  expect(errors).toEqual([])
})

test('an open watchlist shows the fair price live: the one that fired its alert, and one that fired nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const token = uniqueToken()
  const {
    member: seen,
    admin,
    item,
  } = await memberWatchingNewItem(
    browser,
    page.viewportSize(),
    { first: 'Lena', last: `Live${token}` },
    { name: `Live Watch ${token}`, number: `LW${token}-1` },
  )
  await seen.goto('/watchlist')
  const row = seen.getByTestId('alert-row')
  await expect(row).toContainText('Fair price now: No data')

  // An admin's sale of £20 fires it while the watchlist is open: the row shows the price without a reload.
  await recordSale(admin.request, item.id)
  await expectToastShown(seen, 'Price alert triggered', `LW${token}-1 - Live Watch ${token}`)
  await expect(row).not.toContainText('No data')
  // One sale: the price stands on all the sales there are.
  await expect(
    row.getByText(
      /^Fair price now: \$\d+\.\d\d \(at or below your threshold\) · From all verified sales · Updated just now$/,
    ),
  ).toBeVisible()
  // £30 and 2 % (£30.60) at the built-in 0.73 pounds to the dollar.
  await expect(row).toContainText('Last fired just now; fires again once back above $41.92')
  await saveScreenshot(seen, 'watchlist-fired')

  // A sale that fires nothing (the alert fired already) still moves the fair price the open row shows.
  const fired = (await row.textContent())?.match(/Fair price now: \$\d+\.\d\d/)?.[0]
  expect(fired).toBeDefined()
  // An edit dialog open meanwhile shows it too.
  await row.getByRole('button', { name: /^Edit alert/ }).click()
  const edit = seen.getByRole('dialog', { name: 'Edit Price Alert' })
  const firedPrice = (fired as string).replace('Fair price now: ', '')
  await expect(edit).toContainText(`Fair price now${firedPrice}`)
  await recordSale(admin.request, item.id, '25.00')
  await recordSale(admin.request, item.id, '27.00')
  await expect(edit).not.toContainText(firedPrice)
  await expect(edit).toContainText(/Fair price now\$\d+\.\d\d/)
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await expect(row).not.toContainText(fired as string)
  // Three sales in 90 days: enough for the price to stand on those alone.
  await expect(
    row.getByText(
      /^Fair price now: \$\d+\.\d\d \(at or below your threshold\) · From verified sales in the last 90 days · Updated just now$/,
    ),
  ).toBeVisible()
  await saveScreenshot(seen, 'watchlist-price-moved')
})

test("the open item page of an item the user watches shows others' sales live, beside its alert's toast", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const token = uniqueToken()
  const {
    member: seen,
    admin,
    item,
  } = await memberWatchingNewItem(
    browser,
    page.viewportSize(),
    { first: 'Ivo', last: `Item${token}` },
    { name: `Live Item ${token}`, number: `LI${token}-1` },
  )
  const errors = collectErrors(seen)
  await seen.goto(`/item/${item.slug}`)
  const panel = seen.getByRole('tabpanel', { name: 'Pricing' })
  await expect(panel.getByRole('heading', { name: 'User data coming soon' })).toBeVisible()

  // An admin's sale fires the alert: its toast, and the page's fair price beside it, without a reload (the
  // page's own answers would otherwise stay as read for 30 seconds).
  await recordSale(admin.request, item.id)
  await expectToastShown(seen, 'Price alert triggered', `LI${token}-1 - Live Item ${token}`)
  const newCard = panel.getByRole('region', { name: 'Fair Price · New' })
  const fairPrice = newCard.getByTestId('fair-price')
  await expect(fairPrice).toHaveText(/^\$\d+\.\d\d$/)
  await expect(newCard).toContainText('1 sale(s) recorded')
  const fired = await fairPrice.textContent()

  // Sales that fire nothing (the alert fired already) move it too: the weighted median of £20, £25 and £27.
  await recordSale(admin.request, item.id, '25.00')
  await recordSale(admin.request, item.id, '27.00')
  await expect(newCard).toContainText('3 sale(s) recorded')
  await expect(fairPrice).not.toHaveText(fired as string)
  await expect(fairPrice).toHaveText(/^\$\d+\.\d\d$/)
  await saveScreenshot(seen, 'item-page-watched-live')
  expect(errors).toEqual([])
  await seen.context().close()
  await admin.context().close()
})

test('when the conditions cannot be loaded, the alert dialog says so under its condition field', async ({
  page,
  browser,
}) => {
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Nora', last: `Network${token}` })
  const seen = member.page
  const item = await createItem(seen.request, { name: `Unreachable Set ${token}`, number: `US${token}-1` })
  // The connection drops: no answer at all, as when the network goes away with the page open.
  await seen.route('**/api/conditions**', (route) => route.abort('failed'))

  await seen.goto(`/item/${item.slug}`)
  await seen.getByRole('main').getByRole('button', { name: 'Set Alert' }).click()
  const dialog = seen.getByRole('dialog', { name: 'Set Price Alert' })
  await expect(dialog.getByRole('alert')).toHaveText(
    'The conditions could not be loaded. Close the dialog and try again.',
  )
  await expect(dialog.getByRole('combobox', { name: 'Condition' })).toBeDisabled()
  await saveScreenshot(seen, 'set-alert-dialog-no-conditions', { fullPage: false })
  await seen.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('a long watchlist is searched, filtered, sorted and paged, and the URL keeps the view', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const token = uniqueToken()
  const {
    member: seen,
    admin,
    item: falcon,
  } = await memberWatchingNewItem(
    browser,
    page.viewportSize(),
    { first: 'Lola', last: `Long${token}` },
    { name: `Falcón Cruiser ${token}`, number: `FC${token}-1` },
  )
  const errors = collectErrors(seen)
  // £20 for the falcon: its alert below £30 is reached; below £15 (paused) and below £10 are not.
  await recordSale(admin.request, falcon.id)
  const castle = await createItem(admin.request, { name: `Castle Keep ${token}`, number: `CK${token}-1` })
  const setAlert = (itemId: number, thresholdValue: string, active = true) =>
    setAlertBelow(seen.request, itemId, thresholdValue, active)
  await setAlert(falcon.id, '15', false)
  await setAlert(falcon.id, '10')
  // Newer than the falcon's: 51 alerts on the castle, which has no price yet.
  for (let threshold = 100; threshold <= 150; threshold++) await setAlert(castle.id, String(threshold))

  await seen.goto('/watchlist')
  const main = seen.getByRole('main')
  const rows = seen.getByTestId('alert-row')
  await expect(main.getByText('54 alerts', { exact: true })).toBeVisible()
  await expect(rows).toHaveCount(50)
  await expect(main.getByRole('status')).toHaveText('Showing 1 to 50 of 54 alerts')
  await expect(rows.first()).toContainText('(set as £150.00)')
  // Each chip counts what its filter keeps: one alert at its threshold, one paused.
  const chips = main.getByRole('group', { name: 'Filter alerts' }).getByRole('button')
  await expect(chips).toHaveText([
    /^All alerts\s*54$/,
    /^Active\s*53$/,
    /^Paused\s*1$/,
    /^Price reached\s*1$/,
  ])
  await main
    .getByRole('navigation', { name: 'Watchlist pages' })
    .getByRole('button', { name: 'Page 2' })
    .click()
  await expect(rows).toHaveCount(4)
  await expect(main.getByRole('status')).toHaveText('Showing 51 to 54 of 54 alerts')
  await expect(seen).toHaveURL(/\/watchlist\?page=2$/)

  // By name, without its accent; back to page 1.
  await main.getByRole('searchbox', { name: 'Search your alerts' }).fill('falcon')
  await expect(rows).toHaveCount(3)
  await expect(seen).toHaveURL(/\/watchlist\?q=falcon$/)
  await expect(rows).toContainText(['(set as £10.00)', '(set as £15.00)', '(set as £30.00)'])
  await expect(chips).toHaveText([/^All alerts\s*3$/, /^Active\s*2$/, /^Paused\s*1$/, /^Price reached\s*1$/])

  // Closest to the threshold first: £20 is at or below £30, a third above £15, double £10.
  await main.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Closest to threshold' })
  await expect(rows).toContainText(['(set as £30.00)', '(set as £15.00)', '(set as £10.00)'])
  await expect(rows.nth(0)).toContainText('(at or below your threshold)')
  await expect(rows.nth(1)).toContainText('(33.3% above your threshold)')
  await expect(rows.nth(2)).toContainText('(100.0% above your threshold)')
  await expect(seen).toHaveURL(/\/watchlist\?q=falcon&sort=closest$/)

  const chip = (label: string) => main.getByRole('button', { name: new RegExp(`^${label} \\d+$`) })
  await chip('Price reached').click()
  await expect(chip('Price reached')).toHaveAttribute('aria-pressed', 'true')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('(set as £30.00)')
  await saveScreenshot(seen, 'watchlist-filtered')
  if ((page.viewportSize()?.width ?? 1280) < 400) await expectNoHorizontalOverflow(seen)
  await chip('Paused').click()
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('(set as £15.00)')
  await expect(rows).toContainText('Paused')

  // Back restores the filter before; a reload keeps the view the URL names.
  await seen.goBack()
  await expect(chip('Price reached')).toHaveAttribute('aria-pressed', 'true')
  await expect(rows).toContainText('(set as £30.00)')
  await seen.reload()
  await expect(main.getByRole('searchbox', { name: 'Search your alerts' })).toHaveValue('falcon')
  await expect(main.getByRole('combobox', { name: 'Sort by' })).toHaveValue('closest')
  await expect(rows).toHaveCount(1)

  // Nothing matching says so; the badge still counts every alert.
  await chip('All alerts').click()
  await main.getByRole('searchbox', { name: 'Search your alerts' }).fill(`no such item ${token}`)
  await expect(main.getByText('No alerts match')).toBeVisible()
  await expect(rows).toHaveCount(0)
  await expect(main.getByText('54 alerts', { exact: true })).toBeVisible()
  expect(errors).toEqual([])
  await seen.context().close()
  await admin.context().close()
})

test("the alert dialogs show today's fair price and say when an alert would fire as soon as it is sent", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Fay', last: `Fires${token}` })
  const seen = member.page
  const errors = collectErrors(seen)
  const admin = await adminPage(browser, page.viewportSize())
  const item = await createItem(admin.request, { name: `Priced Set ${token}`, number: `PS${token}-1` })
  // £20 for New/Sealed: $27.40 at the built-in 0.73 pounds to the dollar.
  await recordSale(admin.request, item.id)
  // No live stream, so no 'Price alert triggered' toast: the one toast shown after a send is its confirmation,
  // which must say by itself that the alert fired (live, the two race for the one toast shown).
  await seen.route('**/api/me/events', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 600000\n\n' }),
  )

  await seen.goto(`/item/${item.slug}`)
  await seen.getByRole('main').getByRole('button', { name: 'Set Alert' }).click()
  const dialog = seen.getByRole('dialog', { name: 'Set Price Alert' })
  await expect(dialog).not.toContainText('Fair price now')
  await chooseCondition(dialog, seen, 'New/Sealed')
  await expect(dialog).toContainText('Fair price now: $27.40')
  await expect(dialog).toContainText('From all verified sales')
  const firesNow = dialog.getByText(/^Today's fair price is already/)
  const threshold = dialog.getByLabel('Price threshold (USD)')
  // The shortcuts put a threshold a percentage past today's price in the box, on the side the alert watches.
  const shortcuts = dialog.getByRole('group', { name: 'Set it from the fair price:' })
  await expect(shortcuts.getByRole('button')).toHaveText(['−5 %', '−10 %', '−20 %'])
  await shortcuts.getByRole('button', { name: "10 % below today's fair price" }).click()
  await expect(threshold).toHaveValue('24.66')
  await expect(firesNow).toBeHidden()
  await dialog.getByRole('radio', { name: 'Above' }).click()
  await expect(shortcuts.getByRole('button')).toHaveText(['+5 %', '+10 %', '+20 %'])
  await shortcuts.getByRole('button', { name: "20 % above today's fair price" }).click()
  await expect(threshold).toHaveValue('32.88')
  await saveScreenshot(seen, 'set-alert-dialog-shortcuts', { fullPage: false })
  await dialog.getByRole('radio', { name: 'Below' }).click()
  await threshold.fill('27.39')
  await expect(firesNow).toBeHidden()
  await threshold.fill('27.40')
  await expect(firesNow).toHaveText(
    "Today's fair price is already at or below your threshold: the alert fires as soon as it is created.",
  )
  await saveScreenshot(seen, 'set-alert-dialog-fires-now', { fullPage: false })
  await dialog.getByRole('switch', { name: 'Active' }).click()
  await expect(firesNow).toBeHidden()
  await dialog.getByRole('switch', { name: 'Active' }).click()
  await dialog.getByRole('radio', { name: 'Above' }).click()
  await expect(firesNow).toHaveText(/at or above your threshold: the alert fires as soon as it is created\.$/)
  await threshold.fill('27.41')
  await expect(firesNow).toBeHidden()

  // What it said is what happens: created below $30, it fires at once.
  await dialog.getByRole('radio', { name: 'Below' }).click()
  await threshold.fill('30')
  await expect(firesNow).toBeVisible()
  await dialog.getByRole('button', { name: 'Create Alert' }).click()
  await expect(dialog).toBeHidden()
  await expectToastShown(
    seen,
    'Alert created',
    "Today's fair price is already at or below your threshold, so it has fired: see Alerts.",
  )
  const notified = async () =>
    ((await (await seen.request.get('/api/me/notifications')).json()) as { total: number }).total
  await expect.poll(notified).toBe(1)

  // Fired, it waits to re-arm: saving it as it is fires nothing, a new threshold that holds fires again.
  await seen.goto('/watchlist')
  await seen.getByRole('button', { name: /^Edit alert/ }).click()
  const edit = seen.getByRole('dialog', { name: 'Edit Price Alert' })
  await expect(edit).toContainText('Fair price now$27.40From all verified sales')
  const saveFires = edit.getByText(/^Today's fair price is already/)
  await expect(saveFires).toBeHidden()
  await edit.getByRole('button', { name: "5 % below today's fair price" }).click()
  await expect(edit.getByLabel('Price threshold (USD)')).toHaveValue('26.03')
  await edit.getByLabel('Price threshold (USD)').fill('29')
  await expect(saveFires).toHaveText(
    "Today's fair price is already at or below your threshold: the alert fires as soon as it is saved.",
  )
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit).toBeHidden()
  await expectToastShown(seen, 'Alert updated', 'so it has fired: see Alerts.')
  await expect.poll(notified).toBe(2)
  expect(errors).toEqual([])
  await seen.context().close()
  await admin.context().close()
})
