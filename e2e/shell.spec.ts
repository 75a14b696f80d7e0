import { expect, type Page, test } from '@playwright/test'

const DISCLAIMER =
  'Brickfolio is not affiliated with, sponsored by or endorsed by the LEGO Group. LEGO® is a trademark of the LEGO Group.'

/** Saves a full-page screenshot as e2e/screenshots/<name>-<viewport width>.png. */
async function saveScreenshot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({
    path: `e2e/screenshots/${name}-${width}.png`,
    fullPage: true,
    animations: 'disabled',
  })
}

/** At phone width nothing may stick out sideways. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(
    innerWidth,
  )
}

async function expectShell(page: Page): Promise<void> {
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Brickfolio home' })).toBeVisible()
  await expect(header.getByRole('button', { name: 'Sign Up / Login' })).toBeVisible()

  const footer = page.getByRole('contentinfo')
  await expect(footer.getByText(DISCLAIMER)).toBeVisible()
  for (const name of ['About', 'Blog', 'Privacy', 'Terms']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(footer.getByRole('link', { name: 'support@brickfolio.app' })).toHaveAttribute(
    'href',
    'mailto:support@brickfolio.app',
  )
  await expect(footer.getByRole('link', { name: 'Rebrickable' })).toHaveAttribute(
    'href',
    'https://rebrickable.com',
  )
}

test('the landing screen loads with header, hero and footer', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })

  await page.goto('/')
  await expect(page).toHaveTitle('Brickfolio')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('living investment')
  await expect(page.getByRole('link', { name: 'Start Free — Add Your First Set' })).toHaveAttribute(
    'href',
    '/login',
  )
  await expectShell(page)

  const features = page.locator('#features')
  for (const title of ['Track Value', 'Collection Dashboard', 'Market Insights', 'Community Hub']) {
    await expect(features.getByRole('heading', { name: title })).toBeVisible()
  }
  await page.getByRole('link', { name: 'Learn More' }).click()
  await expect(page).toHaveURL(/#features$/)
  await expect(features.getByRole('heading', { name: 'Everything your collection needs' })).toBeInViewport()

  await page.evaluate(() => window.scrollTo(0, 0))
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'landing')
  expect(errors).toEqual([])
})

test('Sign Up / Login navigates to /api/login', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign Up / Login' }).click()
  await expect(page).toHaveURL(/\/api\/login$/)
})

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found')
  await expect(page).toHaveTitle('Page Not Found · Brickfolio')
  await expectShell(page)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'not-found')

  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Start Free — Add Your First Set' })).toBeVisible()
})
