import { type Browser, expect } from '@playwright/test'
import { createItem } from './catalogue-support.ts'
import { adminPage, memberPage } from './moderation-support.ts'
import { CATALOGUE_URL } from './support.ts'

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
  const alert = await member.page.request.post('/api/alerts', {
    data: { itemId: created.id, conditionId: 1, direction: 'below', thresholdValue: '30', currency: 'GBP' },
    headers: { Origin: CATALOGUE_URL },
  })
  expect(alert.status(), await alert.text()).toBe(201)
  return { member: member.page, admin, item: created }
}
