import { expect, test } from '@playwright/test'
import {
  expectNoHorizontalOverflow,
  PASSWORD,
  PRIVATE_BETA_URL,
  saveScreenshot,
  uniqueEmail,
} from './support.ts'

// This server runs with BETA_PUBLIC=false and an empty access list.
test.use({ baseURL: PRIVATE_BETA_URL })

test('a new account off the access list sees the Private Beta gate on every path', async ({ page }) => {
  const email = uniqueEmail('outsider')
  await page.goto('/login')
  await page.getByRole('tab', { name: 'Create account' }).click()
  const form = page.getByRole('form', { name: 'Create account' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Create account' }).click()

  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Private Beta')
  await expect(page).toHaveURL(`${PRIVATE_BETA_URL}/`)
  await expect(main.getByText('Access Restricted')).toBeVisible()
  await expect(main.getByText(email)).toBeVisible()
  await expect(main.getByText('This email is not on our beta access list')).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Limited Access' })).toBeVisible()
  await expect(main.getByText('small group of collectors')).toBeVisible()
  await expect(main.getByText('Interested in joining? Contact us for beta access.')).toBeVisible()
  await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
    'href',
    /^mailto:support@brickfolio\.app\?subject=/,
  )
  // No onboarding, no navigation into the app while the gate is up.
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'private-beta')

  for (const path of ['/sets', '/profile', '/no-such-page']) {
    await page.goto(path)
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Private Beta')
  }

  await main.getByRole('link', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(`${PRIVATE_BETA_URL}/`)
  await expect(page.getByRole('link', { name: 'Start Free — Add Your First Set' })).toBeVisible()
})
