import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { addEntryViaApi, findItem, signUpViaApi } from './collection-support.ts'

/**
 * axe-core's WCAG 2.1 A and AA rules on every main screen, signed out and signed in, at each project's
 * width (DESIGN §2, §11). A violation names the rule and the elements, so the failure says what to fix.
 */
async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const found = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(found, `${screen} has accessibility violations`).toEqual([])
}

const baseUrl = () => test.info().project.use.baseURL as string

test('signed-out screens pass axe', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoViolations(page, 'landing')

  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoViolations(page, 'login')
})

test('signed-in screens pass axe', async ({ page }) => {
  test.setTimeout(60_000)
  await signUpViaApi(page, baseUrl(), { label: 'axe', profileType: 'investor' })
  const falcon = await findItem(page, baseUrl(), '75192')
  await addEntryViaApi(page, baseUrl(), {
    itemId: falcon.id,
    condition: 'New/Sealed',
    quantity: 1,
    pricePaid: '500',
  })

  const screens: Array<[string, string]> = [
    ['home', '/'],
    ['sets', '/sets'],
    ['minifigures', '/minifigures'],
    ['item page', `/item/${falcon.slug}`],
    ['my collection', '/collection'],
    ['portfolio analytics', '/collection/analytics'],
    ['profile', '/profile'],
    ['add item', '/add-item?type=set'],
    ['not found', '/no-such-page'],
  ]
  for (const [screen, path] of screens) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    // Lists and tables settle: no skeletons, no pending requests.
    await page.waitForLoadState('networkidle')
    await expectNoViolations(page, screen)
  }
})
