import { expect, test } from '@playwright/test'
import {
  chooseOption,
  createItem,
  deleteRequest,
  FALCON_SLUG,
  fetchItem,
  recordSale,
  showing,
  signInAsAdmin,
  signUpCollector,
  uniqueToken,
  waitForImages,
} from './catalogue-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  expectNoHorizontalOverflow,
  saveScreenshot,
  toastArea,
} from './support.ts'

/**
 * The catalogue: sets and minifigures lists, the item page, adding, editing and deleting items.
 *
 * These run against their own server (E2E_PORT + 2, playwright.config.ts) on a fresh embedded database.
 * Before that server starts, the same webServer command runs e2e/seed-admin.ts, which migrates and
 * seeds the database and inserts an admin (ADMIN_EMAIL, with an argon2id hash of PASSWORD) who has
 * finished onboarding; PGlite allows one process at a time, so the script closes the database
 * before the server opens it (the admin CLI would need an existing user and a stopped server).
 *
 * The desktop and mobile projects share that server, so items the specs add carry a unique token,
 * and the specs never count what other specs may have added.
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
  // £734.99 at the built-in rates (0.73 GBP per USD), in the default currency, dollars.
  await expect(falcon).toContainText('$1006.84')
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

test('item page: details, tabs and share, read-only when signed out', async ({ page, context }) => {
  const errors = collectErrors(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // No share sheet here: Share copies the link.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined })
  })
  await page.goto(`/item/${FALCON_SLUG}`)
  await expect(page).toHaveTitle('Millennium Falcon · Brickfolio')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('75192-1 - Millennium Falcon')

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  await expect(breadcrumb.getByRole('link', { name: 'Ultimate Collector Series' })).toHaveAttribute(
    'href',
    '/sets?theme=171',
  )
  await expect(breadcrumb.getByRole('listitem').last()).toHaveText('75192-1 - Millennium Falcon')

  await expect(main.getByText('Licensed (1999–present)')).toBeVisible()
  const facts = main.getByRole('definition')
  await expect(facts).toHaveText(['2017', '7,541', '$1006.84', '8'])

  // Signed out: Share only.
  for (const name of ['Edit Item', 'Delete', 'Add to Collection', 'Set Alert']) {
    await expect(main.getByRole('button', { name })).toHaveCount(0)
    await expect(main.getByRole('link', { name })).toHaveCount(0)
  }

  // Tabs: Pricing first.
  const tabs = page.getByRole('tablist', { name: 'Item details' })
  await expect(tabs.getByRole('tab')).toHaveText(['Pricing', 'Sales History', 'Variants', 'Analysis'])
  await expect(tabs.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel').getByText('User data coming soon').first()).toBeVisible()
  await waitForImages(page)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'item-pricing')

  await tabs.getByRole('tab', { name: 'Sales History' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('No sales data available for this item yet.')
  await saveScreenshot(page, 'item-sales-history')
  await tabs.getByRole('tab', { name: 'Variants' }).click()
  await expect(page.getByRole('tabpanel')).toHaveText('No variants found for this item.')
  await saveScreenshot(page, 'item-variants')
  // Arrow keys move between tabs too.
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toHaveText('Detailed market analysis coming soon.')
  await saveScreenshot(page, 'item-analysis')

  await main.getByRole('button', { name: 'Share' }).click()
  await expect(toastArea(page).getByText('Link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${CATALOGUE_URL}/item/${FALCON_SLUG}`,
  )
  expect(errors).toEqual([])
})

test('an unknown item says so, with a way home', async ({ page }) => {
  await page.goto('/item/no-such-set-anywhere')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Item Not Found')
  await expect(page).toHaveTitle('Item Not Found · Brickfolio')
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'item-not-found')
  await main.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('pictures fall back to the placeholder when the catalogue host is unreachable', async ({ page }) => {
  const proxied = page.waitForRequest((request) => request.url().includes('/api/proxy-image?url='))
  await page.goto(`/item/${FALCON_SLUG}`)
  const request = await proxied
  expect(new URL(request.url()).searchParams.get('url')).toBe(
    'https://cdn.rebrickable.com/media/sets/75192-1.jpg',
  )
  const picture = page.getByRole('main').getByRole('img', { name: 'Millennium Falcon' })
  await expect(picture).toHaveAttribute('src', '/images/placeholder-set.svg')
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)

  // The figures' placeholder on a minifigure's card.
  await page.goto('/minifigures?set=75192-1')
  const figure = page.getByTestId('minifig-card').first().getByRole('img')
  await expect(figure).toHaveAttribute('src', '/images/placeholder-minifig.svg')

  // And in the search box's list.
  await page.goto('/')
  await page.getByRole('combobox', { name: 'Search sets and minifigures' }).fill('falcon')
  const option = page.getByRole('option', { name: /75192-1/ })
  await expect(option.getByRole('img', { name: 'Millennium Falcon' })).toHaveAttribute(
    'src',
    '/images/placeholder-set.svg',
  )
})

test('add a set as a collector, then edit it as its creator', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  await signUpCollector(page, 'adder')
  const token = uniqueToken()
  const number = `E2E${token}-1`
  const name = `Test Shuttle ${token}`

  await page.goto('/sets')
  await page.getByRole('main').getByRole('link', { name: 'Add Set' }).click()
  await expect(page).toHaveURL(/\/add-item\?type=set$/)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Add New LEGO Set')
  const form = page.getByRole('form', { name: 'Add New LEGO Set' })
  // The type comes from the query: no choice offered.
  await expect(form.getByRole('radio')).toHaveCount(0)
  await expect(form.getByText('The official retail price in your local currency')).toBeVisible()
  await expect(form.getByLabel('Retail Price (MSRP)')).toHaveAttribute('step', '0.01')
  await expect(form.getByLabel('Release Year')).toHaveAttribute('min', '1950')
  await expect(form.getByLabel('Release Year')).toHaveAttribute('max', String(new Date().getFullYear()))
  await expect(form.getByText('$', { exact: true })).toBeVisible()

  // The shared schema's messages, under the fields.
  await form.getByRole('button', { name: 'Add Set' }).click()
  await expect(form.getByText('Name is required')).toBeVisible()
  await expect(form.getByText('Item number is required')).toBeVisible()
  await expect(form.getByText('Theme is required')).toBeVisible()
  await form.getByLabel('Image URL').fill('not an address')
  await expect(form.getByText('Image URL must be a web address (http or https)')).toBeVisible()
  await form.getByLabel('Image URL').fill('')
  await form.getByLabel('Release Year').fill('1949')
  await expect(form.getByText('Year must be 1950 or later')).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'add-item')

  await form.getByLabel('Name').fill(`  ${name} `)
  await form.getByLabel('Set Number').fill(number)
  await form.getByLabel('Theme').fill('Star Wars')
  await form.getByLabel('Release Year').fill('1960')
  await form.getByLabel('Piece Count').fill('321')
  await form.getByLabel('Minifigures Included').fill('3')
  await form.getByLabel('Retail Price (MSRP)').fill('49.99')
  await expect(form.getByText('Year must be 1950 or later')).toHaveCount(0)
  await form.getByRole('button', { name: 'Add Set' }).click()

  await expect(page).toHaveURL(new RegExp(`/item/${number.toLowerCase()}-test-shuttle-`))
  const slug = new URL(page.url()).pathname.split('/')[2] ?? ''
  await expect(toastArea(page).getByText('Item added successfully')).toBeVisible()
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(`${number} - ${name}`)
  // Typed in dollars, stored in pounds, shown in dollars again.
  await expect(main.getByRole('definition')).toHaveText(['1960', '321', '$49.99', '3'])

  // Its creator may edit it, but only trusted members and admins delete.
  await expect(main.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Add to Collection' })).toBeEnabled()
  // Alerts come later: the button says so.
  const alert = main.getByRole('button', { name: 'Set Alert' })
  await expect(alert).toHaveAttribute('aria-disabled', 'true')
  await alert.hover()
  await expect(page.getByRole('tooltip')).toHaveText('Coming soon')
  await main.getByRole('link', { name: 'Edit Item' }).click()

  await expect(page).toHaveURL(new RegExp(`/item/${slug}/edit$`))
  const editForm = page.getByRole('form', { name: 'Edit item' })
  await expect(editForm.getByLabel('Name')).toHaveValue(name)
  await expect(editForm.getByLabel('Set Number')).toHaveValue(number)
  await expect(editForm.getByLabel('Theme')).toHaveValue('Star Wars')
  await expect(editForm.getByLabel('Release Year')).toHaveValue('1960')
  await expect(editForm.getByLabel('Piece Count')).toHaveValue('321')
  await expect(editForm.getByLabel('Retail Price (MSRP)')).toHaveValue('49.99')
  await expect(main.getByRole('link', { name: 'Back to Item' })).toHaveAttribute('href', `/item/${slug}`)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'edit-item')

  await editForm.getByLabel('Name').fill('')
  await expect(editForm.getByText('Name is required')).toBeVisible()
  await editForm.getByLabel('Name').fill(`${name} Mk II`)
  await editForm.getByLabel('Piece Count').fill('400')
  await editForm.getByRole('button', { name: 'Update Item' }).click()
  await expect(toastArea(page).getByText('Item updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/item\/[^/]+$/)
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(`${number} - ${name} Mk II`)
  await expect(main.getByRole('definition')).toHaveText(['1960', '400', '$49.99', '3'])

  // The same number again: the server's message.
  await page.goto('/add-item?type=set')
  const again = page.getByRole('form', { name: 'Add New LEGO Set' })
  await again.getByLabel('Name').fill('Another Shuttle')
  await again.getByLabel('Set Number').fill(number)
  await again.getByLabel('Theme').fill('Star Wars')
  await again.getByRole('button', { name: 'Add Set' }).click()
  await expect(toastArea(page).getByText('Error', { exact: true })).toBeVisible()
  await expect(
    toastArea(page).getByText(`A set with the number ${number} is already in the catalogue.`),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/add-item\?type=set$/)

  await again.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([])
})

test('without a type, the add form offers one; the search box offers to add', async ({ page }) => {
  await signUpCollector(page, 'finder')
  await page.goto('/')
  await page.getByRole('combobox', { name: 'Search sets and minifigures' }).fill('zzzqqq')
  await expect(page.getByText('No items found for "zzzqqq"').first()).toBeVisible()
  await page.getByRole('link', { name: 'Add new item' }).click()
  await expect(page).toHaveURL(/\/add-item$/)
  const form = page.getByRole('form', { name: 'Add New LEGO Item' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add New LEGO Item')
  await expect(form.getByRole('radio', { name: 'Set' })).toBeChecked()
  await expect(form.getByLabel('Set Number')).toBeVisible()
  await form.getByRole('radio', { name: 'Minifigure' }).check()
  await expect(form.getByLabel('Minifigure Code')).toBeVisible()
  await expect(form.getByLabel('Piece Count')).toHaveCount(0)
  await expect(form.getByLabel('Retail Price (MSRP)')).toHaveCount(0)
  await expect(form.getByRole('button', { name: 'Add Item' })).toBeVisible()
  await saveScreenshot(page, 'add-item-any-type')

  const token = uniqueToken()
  await form.getByLabel('Name').fill(`Test Pilot ${token}`)
  await form.getByLabel('Minifigure Code').fill(`tp${token}`)
  await form.getByLabel('Theme').fill('Star Wars')
  await form.getByRole('button', { name: 'Add Item' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`tp${token} - Test Pilot ${token}`)
  await expect(page.getByRole('main').getByText('Minifigure', { exact: true })).toBeVisible()
})

test('a collector cannot delete or edit a catalogue set: no buttons, and the API says 403', async ({
  page,
}) => {
  await signUpCollector(page, 'reader')
  await page.goto(`/item/${FALCON_SLUG}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('75192-1 - Millennium Falcon')
  await expect(main.getByRole('button', { name: 'Add to Collection' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Set Alert' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await expect(main.getByRole('link', { name: 'Edit Item' })).toHaveCount(0)

  const falcon = await fetchItem(page.request, FALCON_SLUG)
  const refused = await deleteRequest(page.request, falcon.id)
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toMatchObject({ message: 'Only trusted members and admins can delete items.' })

  // The edit screen says why instead of showing the form.
  await page.goto(`/item/${FALCON_SLUG}/edit`)
  await expect(main.getByText("You can't edit this item")).toBeVisible()
  await expect(page.getByRole('form')).toHaveCount(0)
  await main.getByRole('link', { name: 'Back to Item' }).click()
  await expect(page).toHaveURL(new RegExp(`/item/${FALCON_SLUG}$`))
})

test('signed out, adding and editing items go to login', async ({ page }) => {
  await page.goto(`/item/${FALCON_SLUG}/edit`)
  await expect(toastArea(page).getByText('Unauthorized', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/add-item?type=set')
  await expect(page).toHaveURL(/\/login$/)
})

test('an admin deletes an item; one that people keep is refused with the reason', async ({ page }) => {
  const errors = collectErrors(page)
  await signInAsAdmin(page)
  const token = uniqueToken()
  const doomed = await createItem(page.request, { name: `Doomed Set ${token}`, number: `DM${token}-1` })
  const kept = await createItem(page.request, { name: `Kept Set ${token}`, number: `KP${token}-1` })
  await recordSale(page.request, kept.id)

  await page.goto(`/item/${doomed.slug}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Edit Item' })).toBeVisible()
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
  await waitForImages(page)
  await saveScreenshot(page, 'item-as-admin', { fullPage: false })
  await main.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete Set' })
  await expect(dialog).toContainText(
    `Are you sure you want to delete "Doomed Set ${token}"? This action cannot be undone.`,
  )
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await saveScreenshot(page, 'delete-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  await main.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(toastArea(page).getByText('Set deleted successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/sets$/)
  expect((await page.request.get(`/api/items/slug/${doomed.slug}`)).status()).toBe(404)

  // Someone recorded a sale of this one: the server refuses, and says why.
  await page.goto(`/item/${kept.slug}`)
  await main.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(toastArea(page).getByText('Failed to delete set')).toBeVisible()
  await expect(toastArea(page).getByText(/This set is in 1 recorded sale/)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/item/${kept.slug}$`))

  // A minifigure's dialog and its way out.
  const figure = await createItem(page.request, {
    type: 'minifig',
    name: `Doomed Figure ${token}`,
    number: `dmf${token}`,
  })
  await page.goto(`/item/${figure.slug}`)
  await main.getByRole('button', { name: 'Delete' }).click()
  const figureDialog = page.getByRole('alertdialog', { name: 'Delete Minifigure' })
  await figureDialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/minifigures$/)
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([])
})
