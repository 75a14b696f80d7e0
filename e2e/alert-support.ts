import { type APIRequestContext, type Browser, expect } from '@playwright/test'
import { createItem } from './catalogue-support.ts'
import { adminPage, memberPage } from './moderation-support.ts'
import { CATALOGUE_URL } from './support.ts'

/** Sets an alert for New/Sealed below `thresholdValue` pounds through the API, as the signed-in `request`. */
export async function setAlertBelow(
  request: APIRequestContext,
  itemId: number,
  thresholdValue: string,
  active = true,
): Promise<void> {
  const response = await request.post('/api/alerts', {
    data: { itemId, conditionId: 1, direction: 'below', thresholdValue, currency: 'GBP', active },
    headers: { Origin: CATALOGUE_URL },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/**
 * A new member with an alert for New/Sealed below £30 on a new item, and an admin whose sales of it are
 * verified at once: the admin's first sale (£20 by default) fires the alert.
 */
export async function memberWatchingNewItem(
  browser: Browser,
  viewport: { width: number; height: number } | null,
  names: { first: string; last: string },
  item: { name: string; number: string },
) {
  const member = await memberPage(browser, viewport, names)
  const admin = await adminPage(browser, viewport)
  const created = await createItem(admin.request, item)
  await setAlertBelow(member.page.request, created.id, '30')
  return { member: member.page, admin, item: created }
}
