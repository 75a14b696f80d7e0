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
 * The sets list: theme and year filters, search, pages, and the keyboard.
 *
 * On the catalogue server (CATALOGUE_URL in e2e/accounts.ts says how it starts, with an admin).
 */
test.use({ baseURL: CATALOGUE_URL })

/** The demo catalogue's Ultimate Collector Series sets (theme 171), newest first. */
const UCS_SETS = ['75331-1', '75313-1', '75252-1', '75192-1', '75159-1', '10179-1']

test('sets: theme and year filters live in the URL, and Back restores them', async ({ page }) => {
  const errors = collectErrors(page)
  await page.goto('/sets')
  await expect(page).toHaveTitle('LEGO Sets · Brickfolio')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('LEGO Sets')
  // Signed out: read-only.
  await expect(main.getByRole('link', { name: 'Add Set' })).toHaveCount(0)
  await expect(showing(page)).toHaveText(/^Showing 1-\d+ of \d+ sets$/)
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveText('All Themes')
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveText('All Years')

  // A card: picture, 'number - name', theme with its tags, year, pieces, figures and retail price.
  const falcon = main.getByRole('link', { name: /75192-1 - Millennium Falcon/ })
  await expect(falcon.getByRole('heading')).toHaveText('75192-1 - Millennium Falcon')
  await expect(falcon).toContainText('Ultimate Collector Series')
  await expect(falcon).toContainText('Star Wars')
  await expect(falcon).toContainText('Licensed (1999–present)')
  await expect(falcon).toContainText('2017')
  await expect(falcon).toContainText('7,541')
  // The US retail price, in the default currency, dollars, labelled with its region.
  await expect(falcon).toContainText('$849.99')
  await expect(falcon).toContainText('Retail · US')
  await expect(falcon).toHaveAttribute('href', `/item/${FALCON_SLUG}`)
  await waitForImages(page)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'sets', { fullPage: false })

  // The theme list shows each theme's category, sorted by category.
  await page.getByRole('combobox', { name: 'Theme' }).click()
  const themeOptions = page.getByRole('option')
  await expect(themeOptions.first()).toHaveText('All Themes')
  await expect(page.getByRole('option', { name: 'Ultimate Collector Series (Star Wars)' })).toBeVisible()
  await page.keyboard.press('Escape')

  await chooseOption(page, 'Theme', 'Ultimate Collector Series (Star Wars)')
  await expect(page).toHaveURL(/\/sets\?theme=171$/)
  await expect(showing(page)).toHaveText(`Showing 1-${UCS_SETS.length} of ${UCS_SETS.length} sets`)
  await expect(main.getByTestId('set-card').getByRole('heading')).toHaveText(
    UCS_SETS.map((number) => new RegExp(`^${number} - `)),
  )
  // One page: no page buttons.
  await expect(page.getByRole('navigation', { name: 'Sets pages' })).toHaveCount(0)

  await chooseOption(page, 'Year', '2017')
  await expect(page).toHaveURL(/\/sets\?theme=171&year=2017$/)
  await expect(showing(page)).toHaveText('Showing 1-1 of 1 sets')
  await expect(main.getByTestId('set-card')).toHaveCount(1)

  await chooseOption(page, 'Year', '1999')
  await expect(main.getByText('No sets found')).toBeVisible()

  // Back steps through the filters.
  await page.goBack()
  await expect(page).toHaveURL(/\/sets\?theme=171&year=2017$/)
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveText('2017')
  await expect(showing(page)).toHaveText('Showing 1-1 of 1 sets')
  await page.goBack()
  await expect(page).toHaveURL(/\/sets\?theme=171$/)
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveText('All Years')
  await expect(showing(page)).toHaveText(`Showing 1-${UCS_SETS.length} of ${UCS_SETS.length} sets`)
  await page.goBack()
  await expect(page).toHaveURL(/\/sets$/)
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveText('All Themes')

  // A shared link opens the same view.
  await page.goto('/sets?theme=158&year=2017')
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveText('Star Wars')
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveText('2017')
  await expect(main.getByRole('link', { name: /75192-1 - Millennium Falcon/ })).toBeVisible()
  expect(errors).toEqual([])
})

test('sets: the search box filters the list through the URL', async ({ page }) => {
  await page.goto('/sets?theme=158')
  const search = page.getByRole('searchbox', { name: 'Search sets' })
  await search.fill('falcon')
  await expect(page).toHaveURL(/\/sets\?query=falcon&theme=158$/)
  await expect(page.getByTestId('set-card').first()).toContainText('75192-1 - Millennium Falcon')

  await search.fill('zzzqqq')
  await expect(page).toHaveURL(/query=zzzqqq/)
  await expect(page.getByRole('heading', { name: 'No sets found' })).toBeVisible()
  await saveScreenshot(page, 'sets-empty', { fullPage: false })

  // Typing replaces the history entry rather than adding one per word: Back leaves the search.
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(page).toHaveURL(/\/sets\?theme=158$/)
  await expect(search).toHaveValue('')
})

test('sets: numbered pages of 50 with Previous and Next', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  await signUpCollector(page, 'pager')
  // The demo catalogue has no sets from 1998; add enough for more than one page.
  const token = uniqueToken()
  for (let index = 1; index <= 51; index++) {
    await createItem(page.request, {
      name: `Paging Set ${token} ${index}`,
      number: `PG${token}-${index}`,
      year: 1998,
    })
  }
  const listed = await page.request.get('/api/items?type=set&year=1998&limit=1')
  const { total } = (await listed.json()) as { total: number }
  expect(total).toBeGreaterThan(50)
  const pages = Math.ceil(total / 50)

  await page.goto('/sets?year=1998')
  await expect(showing(page)).toHaveText(`Showing 1-50 of ${total} sets`)
  await expect(page.getByTestId('set-card')).toHaveCount(50)
  const pager = page.getByRole('navigation', { name: 'Sets pages' })
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  await expect(pager.getByRole('button', { name: `Page ${pages}` })).toBeVisible()
  await pager.scrollIntoViewIfNeeded()
  await pager.screenshot({ path: `e2e/screenshots/sets-pagination-${page.viewportSize()?.width}.png` })

  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/sets\?year=1998&page=2$/)
  await expect(showing(page)).toHaveText(`Showing 51-${Math.min(100, total)} of ${total} sets`)
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled()
  // A new page starts at the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await pager.getByRole('button', { name: `Page ${pages}` }).click()
  await expect(page).toHaveURL(new RegExp(`page=${pages}$`))
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled()

  await page.goBack()
  await expect(page).toHaveURL(/\/sets\?year=1998&page=2$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/sets\?year=1998$/)
  await expect(showing(page)).toHaveText(`Showing 1-50 of ${total} sets`)

  // A filter goes back to page 1.
  await page.goto('/sets?year=1998&page=2')
  await chooseOption(page, 'Theme', 'Star Wars')
  await expect(page).toHaveURL(/\/sets\?theme=158&year=1998$/)
  expect(errors).toEqual([])
})

test('keyboard only: search, theme and year filters, then a card', async ({ page }) => {
  await page.goto('/sets')
  const search = page.getByRole('searchbox', { name: 'Search sets' })
  await expect(search).toBeVisible()
  // Tab from the top of the page to the search box.
  for (
    let presses = 0;
    presses < 12 && !(await search.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(search).toBeFocused()
  await page.keyboard.type('falcon')
  await expect(page).toHaveURL(/query=falcon/)

  // Tab past the clear button to the theme filter; open it, type to find, Enter to choose.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeFocused()
  await page.keyboard.press('Tab')
  const theme = page.getByRole('combobox', { name: 'Theme' })
  await expect(theme).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('option', { name: 'All Themes' })).toBeFocused()
  await page.keyboard.type('Star W')
  await expect(page.getByRole('option', { name: 'Star Wars', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(theme).toHaveText('Star Wars')
  await expect(theme).toBeFocused()
  await expect(page).toHaveURL(/query=falcon&theme=158$/)

  const year = page.getByRole('combobox', { name: 'Year' })
  await page.keyboard.press('Tab')
  await expect(year).toBeFocused()
  await page.keyboard.press('ArrowDown')
  // The list opens on the current choice; arrows walk down the years, newest first.
  await expect(page.getByRole('option', { name: 'All Years' })).toBeFocused()
  for (let option = new Date().getFullYear(); option >= 2017; option--) {
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('option', { name: String(option) })).toBeFocused()
  }
  await page.keyboard.press('Enter')
  await expect(year).toHaveText('2017')
  await expect(page).toHaveURL(/query=falcon&theme=158&year=2017$/)

  // The first card is next in the tab order; Enter opens it.
  await page.keyboard.press('Tab')
  const card = page.getByRole('link', { name: /75192-1 - Millennium Falcon/ })
  await expect(card).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/item/${FALCON_SLUG}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('75192-1 - Millennium Falcon')
})
