import { expect, type Locator, type Page, test } from '@playwright/test'
import { ADMIN_EMAIL } from './accounts.ts'
import { createItem, uniqueToken } from './catalogue-support.ts'
import { recordSaleThroughDialog, sameOrigin } from './market-support.ts'
import { adminPage, memberPage } from './moderation-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  daysAgo,
  expectNoHorizontalOverflow,
  openUserMenu,
  saveScreenshot,
  toastArea,
} from './support.ts'

/**
 * The moderation screen (issue 12): a member's pending sale is rejected with a reason they then see, and
 * another is verified and moves the fair price; an admin trusts a member, whose next sale is verified at
 * once; item requests are approved with the add-item form or rejected; everyone else is told the screen
 * is for moderators.
 *
 * On the catalogue server, whose first account is the admin (e2e/seed-admin.ts). Desktop and mobile run
 * against the same server at once, so each test finds its own sales and requests by a unique token.
 * The built-in exchange rates apply (0.73 GBP per US dollar).
 */
test.use({ baseURL: CATALOGUE_URL })

const saleCards = (page: Page, itemName: string): Locator =>
  page.getByTestId('review-sale').filter({ hasText: itemName })

test('a pending sale is rejected with a reason its member sees, another verified; an admin trusts a member', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const errors = collectErrors(page)
  const viewport = page.viewportSize()
  const token = uniqueToken()

  // A member records two sales: both wait for review.
  const member = await memberPage(browser, viewport, { first: 'Milo', last: `Member${token}` })
  const item = await createItem(member.page.request, {
    name: `Moderated Set ${token}`,
    number: `MD${token}-1`,
  })
  await member.page.goto(`/item/${item.slug}`)
  await member.page.getByRole('tab', { name: 'Sales History' }).click()
  const memberPanel = member.page.getByRole('tabpanel')
  await recordSaleThroughDialog(
    member.page,
    memberPanel.getByRole('button', { name: 'Record a sale' }),
    { price: '250', currency: 'GBP', condition: 'New/Sealed', date: daysAgo(2), source: 'eBay' },
    'Pending review',
  )
  const second = await member.page.request.post(`/api/items/${item.id}/sales`, {
    data: {
      price: '73.00',
      currency: 'GBP',
      condition: 'New/Sealed',
      saleDate: daysAgo(1),
      source: 'BrickLink',
      sourceRef: `BL-${token}`,
      proofUrl: `https://www.bricklink.com/orderDetail.asp?ID=${token}`,
    },
    headers: sameOrigin,
  })
  expect(second.status()).toBe(201)

  // The admin makes another member trusted, from the Members tab, by keyboard.
  const trusted = await memberPage(browser, viewport, { first: 'Tess', last: `Trusted${token}` })
  const admin = await adminPage(browser, viewport)
  await admin.goto('/moderation')
  await expect(admin.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible()
  await admin.getByRole('tab', { name: 'Members' }).click()
  await expect(admin).toHaveURL(/\/moderation\?tab=members$/)
  await admin.getByRole('searchbox', { name: 'Search members by e-mail or name' }).fill(trusted.email)
  const row = admin.getByTestId('member').filter({ hasText: trusted.email })
  await expect(admin.getByTestId('member')).toHaveCount(1)
  const trustSwitch = row.getByRole('switch', { name: `Trusted: ${trusted.name}` })
  await expect(trustSwitch).toHaveAttribute('aria-checked', 'false')
  await trustSwitch.focus()
  await admin.keyboard.press('Space')
  await expect(toastArea(admin).getByText(`${trusted.name} is now trusted`)).toBeVisible()
  await expect(trustSwitch).toHaveAttribute('aria-checked', 'true')
  await admin.getByRole('searchbox', { name: 'Search members by e-mail or name' }).fill(ADMIN_EMAIL)
  // An admin is marked as one, with no trust to change.
  const adminRow = admin.getByTestId('member').filter({ hasText: ADMIN_EMAIL })
  await expect(adminRow.getByText('Admin', { exact: true })).toBeVisible()
  await expect(adminRow.getByRole('switch')).toHaveCount(0)
  await admin.getByRole('searchbox', { name: 'Search members by e-mail or name' }).fill(token)
  await expect(admin.getByTestId('member')).toHaveCount(2)
  await saveScreenshot(admin, 'moderation-members')
  if (viewport && viewport.width < 640) await expectNoHorizontalOverflow(admin)
  await admin.context().close()

  // The newly trusted member's next sale is verified at once.
  const own = await createItem(trusted.page.request, { name: `Trusted Set ${token}`, number: `TR${token}-1` })
  await trusted.page.goto(`/item/${own.slug}`)
  await trusted.page.getByRole('tab', { name: 'Sales History' }).click()
  await recordSaleThroughDialog(
    trusted.page,
    trusted.page.getByRole('tabpanel').getByRole('button', { name: 'Record a sale' }),
    { price: '40', currency: 'GBP', condition: 'New/Sealed', date: daysAgo(1), source: 'eBay' },
    'Verified',
  )

  // They find the moderation screen in their account menu; Members is for admins only.
  const moderator = trusted.page
  await moderator.goto('/')
  await openUserMenu(moderator)
  await moderator.getByRole('menuitem', { name: 'Moderation' }).click()
  await expect(moderator).toHaveURL(/\/moderation$/)
  await expect(moderator.getByRole('tab', { name: 'Pending sales' })).toHaveAttribute('aria-selected', 'true')
  await expect(moderator.getByRole('tab', { name: 'Members' })).toHaveCount(0)

  const cards = saleCards(moderator, item.name)
  await expect(cards).toHaveCount(2)
  // The oldest first: the £250 sale, then the £73 one with its proof.
  await expect(cards.nth(0)).toContainText('£250.00')
  await expect(cards.nth(1)).toContainText('£73.00')
  const rejectCard = cards.filter({ hasText: '£250.00' })
  const verifyCard = cards.filter({ hasText: '£73.00' })
  await expect(rejectCard).toContainText('≈ $342.47')
  await expect(rejectCard).toContainText('New/Sealed')
  await expect(rejectCard).toContainText(`Milo Member${token} (${member.email})`)
  await expect(rejectCard.getByRole('link', { name: `${item.number} - ${item.name}` })).toHaveAttribute(
    'href',
    `/item/${item.slug}`,
  )
  await expect(rejectCard).toContainText('None given')
  await expect(verifyCard).toContainText('£73.00')
  await expect(verifyCard).toContainText(`BrickLink · Ref BL-${token}`)
  const proof = verifyCard.getByRole('link', { name: /www\.bricklink\.com/ })
  await expect(proof).toHaveAttribute('target', '_blank')
  await expect(proof).toHaveAttribute('rel', 'noopener noreferrer')
  await rejectCard.scrollIntoViewIfNeeded()
  await saveScreenshot(moderator, 'moderation-pending-sales')
  if (viewport && viewport.width < 640) await expectNoHorizontalOverflow(moderator)

  // Reject, by keyboard: the dialog asks for a reason first.
  await rejectCard.getByRole('button', { name: 'Reject' }).focus()
  await moderator.keyboard.press('Enter')
  const dialog = moderator.getByRole('dialog', { name: 'Reject sale' })
  await expect(dialog).toBeVisible()
  const reason = dialog.getByRole('textbox', { name: 'Reason' })
  await expect(reason).toBeFocused()
  await dialog.getByRole('button', { name: 'Reject sale' }).click()
  await expect(dialog.getByText('Please give a reason')).toBeVisible()
  await expect(reason).toHaveAttribute('aria-invalid', 'true')
  const why = 'The listing shows a used set with a damaged box, not a sealed one.'
  await reason.fill(why)
  await saveScreenshot(moderator, 'moderation-reject-dialog', { fullPage: false })
  await reason.press('Tab')
  await moderator.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Reject sale' })).toBeFocused()
  await moderator.keyboard.press('Enter')
  await expect(toastArea(moderator).getByText('Sale rejected')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(cards).toHaveCount(1)
  await expect(moderator.getByRole('heading', { name: 'Pending sales' })).toBeFocused()

  // Verify the other: it leaves the queue and counts.
  await verifyCard.getByRole('button', { name: 'Verify' }).click()
  await expect(toastArea(moderator).getByText('Sale verified')).toBeVisible()
  await expect(cards).toHaveCount(0)

  // The member sees the rejection and its reason in Sales History, and the verified sale's price.
  await member.page.reload()
  await member.page.getByRole('tab', { name: 'Sales History' }).click()
  const rows = memberPanel.getByTestId('sale')
  await expect(rows).toHaveCount(2)
  const rejectedRow = rows.filter({ hasText: '$342.47' })
  await expect(rejectedRow.getByText('Rejected', { exact: true })).toBeVisible()
  await expect(rejectedRow).toContainText(`Reason: ${why}`)
  await expect(rows.filter({ hasText: '$100.00' }).getByText('Verified', { exact: true })).toBeVisible()
  await saveScreenshot(member.page, 'moderation-sales-history-rejected')
  await member.page.getByRole('tab', { name: 'Pricing' }).click()
  await expect(
    memberPanel.getByRole('region', { name: 'Fair Price · New' }).getByTestId('fair-price'),
  ).toHaveText('$100.00')

  // Anyone else sees the verified sale only.
  await page.goto(`/item/${item.slug}`)
  await page.getByRole('tab', { name: 'Sales History' }).click()
  await expect(page.getByRole('tabpanel').getByTestId('sale')).toHaveCount(1)
  await expect(page.getByRole('tabpanel').getByText('Rejected', { exact: true })).toHaveCount(0)
  expect(errors).toEqual([])
  await member.page.context().close()
  await trusted.page.context().close()
})

test('a moderator approves an item request with the add-item form, and rejects another with a reason', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const viewport = page.viewportSize()
  const token = uniqueToken()
  const member = await memberPage(browser, viewport, { first: 'Rita', last: `Requester${token}` })
  const asked = await member.page.request.post('/api/item-requests', {
    data: {
      requests: [
        { code: `RQ${token}-1`, name: `Harbour Lighthouse ${token}`, theme: 'Ideas', year: 2024 },
        { code: `RX${token}-1`, name: `Not A Set ${token}` },
      ],
    },
    headers: sameOrigin,
  })
  expect(await asked.json()).toEqual({ created: 2, joined: 0 })

  const admin = await adminPage(browser, viewport)
  const errors = collectErrors(admin)
  await admin.goto('/moderation?tab=requests')
  await expect(admin.getByRole('tab', { name: 'Item requests' })).toHaveAttribute('aria-selected', 'true')
  const card = admin.getByTestId('item-request').filter({ hasText: `RQ${token}-1` })
  await expect(card).toContainText(`Harbour Lighthouse ${token}`)
  await expect(card).toContainText('Ideas')
  await expect(card).toContainText(`Rita Requester${token} (${member.email})`)
  await expect(card).toContainText('An import')
  await saveScreenshot(admin, 'moderation-item-requests')

  await card.getByRole('button', { name: 'Approve…' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Add to the catalogue' })
  await expect(dialog.getByLabel('Name')).toHaveValue(`Harbour Lighthouse ${token}`)
  await expect(dialog.getByLabel('Set Number')).toHaveValue(`RQ${token}-1`)
  await expect(dialog.getByLabel('Theme')).toHaveValue('Ideas')
  await expect(dialog.getByLabel('Release Year')).toHaveValue('2024')
  await dialog.getByLabel('Piece Count').fill('512')
  await saveScreenshot(admin, 'moderation-approve-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Approve and add' }).click()
  await expect(toastArea(admin).getByText('Item added')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(card).toHaveCount(0)
  const found = await admin.request.get(`/api/search/items?query=RQ${token}`)
  const { results } = (await found.json()) as { results: Array<{ number: string; slug: string }> }
  expect(results.map((result) => result.number)).toEqual([`RQ${token}-1`])
  await admin.goto(`/item/${results[0]?.slug}`)
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(`Harbour Lighthouse ${token}`)

  await admin.goto('/moderation?tab=requests')
  const other = admin.getByTestId('item-request').filter({ hasText: `RX${token}-1` })
  await other.getByRole('button', { name: 'Reject' }).click()
  const reject = admin.getByRole('dialog', { name: 'Reject item request' })
  await reject
    .getByRole('textbox', { name: 'Reason' })
    .fill('A promotional polybag, already in the catalogue.')
  await reject.getByRole('button', { name: 'Reject request' }).click()
  await expect(toastArea(admin).getByText('Request rejected')).toBeVisible()
  await expect(other).toHaveCount(0)
  expect(errors).toEqual([])
  await admin.context().close()
  await member.page.context().close()
})

test('the lists have designed empty states', async ({ page, browser }) => {
  const admin = await adminPage(browser, page.viewportSize())
  // Other specs' sales may be waiting on this shared server: answer the lists as an empty install would.
  for (const path of ['**/api/moderation/sales?**', '**/api/moderation/item-requests?**']) {
    await admin.route(path, (route) =>
      route.fulfill({ json: path.includes('sales') ? { sales: [], total: 0 } : { requests: [], total: 0 } }),
    )
  }
  await admin.goto('/moderation')
  await expect(admin.getByText('No sales waiting for review')).toBeVisible()
  await expect(admin.getByText('Nothing waiting.')).toBeVisible()
  await saveScreenshot(admin, 'moderation-empty')
  await admin.getByRole('tab', { name: 'Item requests' }).click()
  await expect(admin.getByText('No item requests')).toBeVisible()
  await admin.context().close()
})

test('a member who is not a moderator has no link to the screen, and is told it is for moderators', async ({
  page,
  browser,
}) => {
  const member = await memberPage(browser, page.viewportSize(), { first: 'Nora', last: 'Member' })
  await member.page.goto('/')
  await openUserMenu(member.page)
  await expect(member.page.getByRole('menuitem', { name: 'Profile' })).toBeVisible()
  await expect(member.page.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0)
  await member.page.keyboard.press('Escape')
  await member.page.goto('/moderation')
  await expect(member.page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible()
  await expect(member.page.getByRole('alert')).toContainText('Moderators only')
  await expect(member.page.getByRole('tab')).toHaveCount(0)
  await saveScreenshot(member.page, 'moderation-forbidden')
  // The API says the same.
  const refused = await member.page.request.get('/api/moderation/sales')
  expect(refused.status()).toBe(403)
  await member.page.context().close()
})
