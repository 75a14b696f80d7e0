import { AxeBuilder } from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { memberWatchingNewItem, setAlertBelow } from './alert-support.ts'
import { recordSale, uniqueToken } from './catalogue-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  saveScreenshot,
} from './support.ts'

/**
 * The notification centre (issue 13 part 4): an alert fired by an admin's sale arrives live in the open page
 * (the toast, the bell's count), /alerts lists it with its price and a link to the item, and marking it read
 * clears the count. Signed out, /alerts asks to sign in.
 */
test.use({ baseURL: CATALOGUE_URL })

test('signed out, /alerts asks to sign in', async ({ page }) => {
  await page.goto('/alerts')
  await expect(page.getByRole('heading', { name: 'Sign in Required' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
})

test('an alert fired by a sale arrives live: toast, bell, /alerts, mark read', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const token = uniqueToken()
  const {
    member: seen,
    admin,
    item,
  } = await memberWatchingNewItem(
    browser,
    page.viewportSize(),
    { first: 'Nora', last: `Notified${token}` },
    { name: `Bell Tower ${token}`, number: `BT${token}-1` },
  )
  const errors = collectErrors(seen)

  // Nothing yet: the empty centre, and a bell without a count.
  await seen.goto('/alerts')
  await expect(seen.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
  await expect(seen.getByRole('heading', { name: 'No alerts yet' })).toBeVisible()
  const bell = seen.getByRole('banner').getByRole('link', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications')
  await saveScreenshot(seen, 'alerts-empty')
  const empty = await new AxeBuilder({ page: seen })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(empty.violations.map((violation) => violation.id)).toEqual([])

  // An admin's sale of £20 takes the fair price below £30: the open page hears it.
  await recordSale(admin.request, item.id)
  await expectToastShown(
    seen,
    'Price alert triggered',
    `BT${token}-1 - Bell Tower ${token}`,
    'fell below £30.00',
  )
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
  const row = seen.getByTestId('notification-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Fell below £30.00: fair price £20.00')
  await expect(row.getByRole('link', { name: `Unread: BT${token}-1 - Bell Tower ${token}` })).toHaveAttribute(
    'href',
    `/item/${item.slug}`,
  )
  await expectNoHorizontalOverflow(seen)
  await saveScreenshot(seen, 'alerts-with-notifications')
  const listed = await new AxeBuilder({ page: seen })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(listed.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([])

  // Marked read: the count is gone, the row stays, read.
  await row.getByRole('button', { name: /^Mark read/ }).click()
  await expect(bell).toHaveAccessibleName('Notifications')
  await expect(row).not.toHaveAttribute('data-unread')
  await expect(seen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
  expect(errors).toEqual([])
  await admin.context().close()
  await seen.context().close()
})

test('the unread view keeps only what is not read yet, a page at a time, and says when all are read', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const token = uniqueToken()
  const {
    member: seen,
    admin,
    item,
  } = await memberWatchingNewItem(
    browser,
    page.viewportSize(),
    { first: 'Una', last: `Unread${token}` },
    { name: `Read Tower ${token}`, number: `RT${token}-1` },
  )
  const errors = collectErrors(seen)
  // A £20 sale fires the alert below £30; each alert below £31 to £63 set after it fires as it is created.
  await recordSale(admin.request, item.id)
  for (let threshold = 31; threshold <= 63; threshold++) {
    await setAlertBelow(seen.request, item.id, String(threshold))
  }
  const list = async (query = '') =>
    (await (await seen.request.get(`/api/me/notifications${query}`)).json()) as {
      notifications: { id: number }[]
      total: number
      unread: number
    }
  await expect.poll(async () => (await list()).total).toBe(34)
  const newest = (await list('?limit=2')).notifications.map((notification) => notification.id)
  const marked = await seen.request.post('/api/me/notifications/read', {
    data: { ids: newest },
    headers: { Origin: CATALOGUE_URL },
  })
  expect(marked.status()).toBe(200)

  await seen.goto('/alerts')
  const main = seen.getByRole('main')
  const chips = main.getByRole('group', { name: 'Show' }).getByRole('button')
  await expect(chips).toHaveText([/^All\s*34$/, /^Unread\s*32$/])
  const rows = seen.getByTestId('notification-row')
  await expect(rows).toHaveCount(30)
  await expect(rows.first()).not.toHaveAttribute('data-unread')

  await main.getByRole('button', { name: /^Unread/ }).click()
  await expect(seen).toHaveURL(/\/alerts\?show=unread$/)
  await expect(main.getByRole('button', { name: /^Unread/ })).toHaveAttribute('aria-pressed', 'true')
  const readRows = seen.locator('[data-testid="notification-row"]:not([data-unread])')
  await expect(readRows).toHaveCount(0)
  await expect(rows).toHaveCount(30)
  await expect(main.getByText('Showing 30 of 32')).toBeVisible()
  await main.getByRole('button', { name: 'Load more' }).click()
  await expect(rows).toHaveCount(32)
  await expect(readRows).toHaveCount(0)
  await saveScreenshot(seen, 'alerts-unread')
  if ((page.viewportSize()?.width ?? 1280) < 400) await expectNoHorizontalOverflow(seen)

  // Read here, it leaves the view; every page after it still shows all the rest.
  await rows
    .first()
    .getByRole('button', { name: /^Mark read/ })
    .click()
  await expect(chips).toHaveText([/^All\s*34$/, /^Unread\s*31$/])
  await expect(rows).toHaveCount(31)
  // Opening one's item reads it too.
  await rows.first().getByRole('link').click()
  await expect(seen).toHaveURL(new RegExp(`/item/${item.slug}$`))
  await expect(seen.getByRole('heading', { level: 1 })).toContainText(`Read Tower ${token}`)
  await seen.goBack()
  await expect(chips).toHaveText([/^All\s*34$/, /^Unread\s*30$/])
  await expect(rows).toHaveCount(30)

  await main.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(main.getByText('No unread alerts')).toBeVisible()
  await expect(main).toContainText("You're all caught up: every alert that fired has been read.")
  await expect(chips).toHaveText([/^All\s*34$/, /^Unread\s*0$/])
  await saveScreenshot(seen, 'alerts-unread-none')
  await seen.reload()
  await expect(main.getByText('No unread alerts')).toBeVisible()
  await seen.goBack()
  await expect(seen).toHaveURL(/\/alerts$/)
  await expect(rows).toHaveCount(30)
  expect(errors).toEqual([])
  await admin.context().close()
  await seen.context().close()
})
