import { AxeBuilder } from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { memberWatchingNewItem } from './alert-support.ts'
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
