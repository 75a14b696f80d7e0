import { expect, test } from '@playwright/test'
import {
  chooseOption,
  createItem,
  FALCON_SLUG,
  showing,
  signUpCollector,
  uniqueToken,
  waitForImages,
} from './catalogue-support.ts'
import { CATALOGUE_URL, collectErrors, expectNoHorizontalOverflow, saveScreenshot } from './support.ts'

/**
 * The minifigures list, and the links between a set and its minifigures.
 *
 * On the catalogue server (CATALOGUE_URL in e2e/accounts.ts says how it starts, with an admin).
 */
test.use({ baseURL: CATALOGUE_URL })

test('minifigures: filters, pages, and the figures of one set', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  await page.goto('/minifigures')
  const main = page.getByRole('main')
  await expect(page).toHaveTitle('LEGO Minifigures · Brickfolio')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('LEGO Minifigures')
  await expect(main.getByRole('link', { name: 'Add Minifigure' })).toHaveCount(0)
  await expect(showing(page)).toHaveText(/^Showing \d+ of \d+ minifigures$/)
  await waitForImages(page)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'minifigures', { fullPage: false })

  // The theme list is the figures' own theme names, sorted; no categories.
  await page.getByRole('combobox', { name: 'Theme' }).click()
  await expect(page.getByRole('option').nth(1)).toHaveText('Avengers')
  await page.keyboard.press('Escape')
  await chooseOption(page, 'Theme', 'Harry Potter')
  await expect(page).toHaveURL(/\/minifigures\?theme=Harry\+Potter$/)
  await expect(showing(page)).toHaveText('Showing 2 of 2 minifigures')
  const cards = main.getByTestId('minifig-card')
  await expect(cards.first()).toContainText('Harry Potter')
  await chooseOption(page, 'Year', '2010')
  await expect(page).toHaveURL(/theme=Harry\+Potter&year=2010$/)
  await expect(main.getByText('No minifigures found')).toBeVisible()
  await page.goBack()
  await expect(showing(page)).toHaveText('Showing 2 of 2 minifigures')

  // The figures of one set, named in a heading, with a way back to all figures.
  await page.goto('/minifigures?set=75192-1')
  await expect(
    main.getByRole('heading', { name: 'Minifigures in 75192-1 - Millennium Falcon' }),
  ).toBeVisible()
  await expect(showing(page)).toHaveText('Showing 6 of 6 minifigures')
  await expect(cards.filter({ hasText: 'sw0841' })).toContainText('Han Solo')
  await waitForImages(page)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'minifigures-set')
  await main.getByRole('link', { name: 'Back to the set' }).click()
  await expect(page).toHaveURL(new RegExp(`/item/${FALCON_SLUG}$`))
  await page.goBack()
  await main.getByRole('link', { name: 'Show all minifigures' }).click()
  await expect(page).toHaveURL(/\/minifigures$/)
  await expect(main.getByRole('heading', { name: /^Minifigures in/ })).toHaveCount(0)

  // Pages of 50: add 51 figures of a theme of their own.
  await signUpCollector(page, 'figures')
  const token = uniqueToken()
  for (let index = 1; index <= 51; index++) {
    await createItem(page.request, {
      type: 'minifig',
      name: `Paging Figure ${index}`,
      number: `pgf${token}${index}`,
      theme: `Paging ${token}`,
    })
  }
  await page.goto(`/minifigures?theme=Paging+${token}`)
  await expect(showing(page)).toHaveText('Showing 50 of 51 minifigures')
  const pager = page.getByRole('navigation', { name: 'Minifigures pages' })
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(new RegExp(`theme=Paging\\+${token}&page=2$`))
  await expect(showing(page)).toHaveText('Showing 1 of 51 minifigures')
  expect(errors).toEqual([])
})

test('a set links to its minifigures, and a minifigure to its sets', async ({ page }) => {
  await page.goto('/sets?theme=171')
  await page.getByRole('link', { name: /75192-1 - Millennium Falcon/ }).click()
  await expect(page).toHaveURL(new RegExp(`/item/${FALCON_SLUG}$`))
  const count = page.getByRole('link', { name: '8 minifigures in this set' })
  await expect(count).toHaveAttribute('href', '/minifigures?set=75192-1')
  await count.click()
  await expect(
    page.getByRole('heading', { name: 'Minifigures in 75192-1 - Millennium Falcon' }),
  ).toBeVisible()

  await page.getByRole('link', { name: /Han Solo, Old, Angry/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('sw0841 - Han Solo, Old, Angry')
  const appearsIn = page.getByRole('region', { name: 'Appears in these sets' })
  await appearsIn.getByRole('link', { name: '75192-1 - Millennium Falcon' }).click()
  await expect(page).toHaveURL(new RegExp(`/item/${FALCON_SLUG}$`))
})

test('Home’s “Browse Star Wars Minifigures” opens the Star Wars minifigures', async ({ page }) => {
  await signUpCollector(page, 'starter')
  await page.goto('/')
  await page.getByRole('link', { name: 'Browse Star Wars Minifigures' }).click()
  await expect(page).toHaveURL(/\/minifigures\?theme=Star(%20|\+)Wars$/)
  const main = page.getByRole('main')
  await expect(main.getByRole('combobox', { name: 'Theme' })).toHaveText('Star Wars')
  await expect(main.getByTestId('minifig-card').first()).toBeVisible()
  // The cards are the Star Wars figures (sub-themes included), as the API lists them for that theme.
  const starWars = await page.request.get('/api/items?type=minifig&theme=Star%20Wars&limit=50')
  const numbers = ((await starWars.json()) as { items: Array<{ number: string }> }).items.map((i) => i.number)
  const cards = await main.getByTestId('minifig-card').allTextContents()
  expect(cards.length).toBeGreaterThan(0)
  for (const card of cards)
    expect(
      numbers.some((number) => card.startsWith(number)),
      card,
    ).toBe(true)
})

test('the minifigures list asks for one page and its theme names, not a thousand figures', async ({
  page,
}) => {
  const api: Array<{ url: string; bytes: number }> = []
  page.on('response', async (response) => {
    if (!response.url().includes('/api/')) return
    api.push({ url: response.url(), bytes: (await response.body().catch(() => Buffer.alloc(0))).length })
  })
  await page.goto('/minifigures')
  await expect(page.getByRole('main').getByTestId('minifig-card').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(api.some((call) => call.url.includes('/api/minifigures/themes'))).toBe(true)
  for (const call of api) expect(call.url).not.toMatch(/limit=1000/)
  const total = api.reduce((sum, call) => sum + call.bytes, 0)
  expect(total, JSON.stringify(api)).toBeLessThan(100_000)
})
