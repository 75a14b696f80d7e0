import { expect, type Page, test } from '@playwright/test'
import { E2E_PORT } from './accounts.ts'
import { createItem, uniqueToken } from './catalogue-support.ts'
import { brickPhoto, expectImageLoaded, likeButton, postCard, shareViaApi } from './community-support.ts'
import { adminPage, memberPage } from './moderation-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  saveScreenshot,
} from './support.ts'

/**
 * The community in the browser (spec 02 §2, §4, §5, §8, §9; issue 14): sharing a photo with and without a
 * caption, the post in the feed, the gallery and on its item's page, likes and comments that hold after a
 * reload, reports, and a moderator hiding a post (gone for others, marked for its author).
 *
 * On the catalogue server. Desktop and mobile share it, so every post carries a unique token and the specs
 * look for their own posts only.
 */
test.use({ baseURL: CATALOGUE_URL })

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 400

test('signed out, the community asks to sign in', async ({ page }) => {
  for (const path of ['/social-feed', '/gallery']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login$/)
  }
})

test('the Community link and tab open the feed', async ({ page, browser }) => {
  const member = await memberPage(browser, page.viewportSize(), { first: 'Nia', last: `Nav${uniqueToken()}` })
  await member.page.goto('/')
  const nav = member.page.getByRole('navigation', { name: isPhone(page) ? 'Mobile' : 'Main' })
  await nav.getByRole('link', { name: 'Community', exact: true }).click()
  await expect(member.page).toHaveURL(/\/social-feed$/)
  await expect(member.page.getByRole('heading', { level: 1, name: 'Community Feed' })).toBeVisible()
  await member.page.context().close()
})

test('a photo is shared with its caption and item, and shows in the feed, the gallery and on the item page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Priya', last: `Poster${token}` })
  const seen = member.page
  const errors = collectErrors(seen)
  const item = await createItem(seen.request, { name: `Photo Set ${token}`, number: `PH${token}-1` })

  await seen.goto('/social-feed')
  await expect(seen.getByRole('heading', { level: 1, name: 'Community Feed' })).toBeVisible()
  await seen.getByRole('button', { name: 'Share Photo' }).click()
  const dialog = seen.getByRole('dialog', { name: 'Share Photo' })

  // Without a caption the button waits, and says why.
  const submit = dialog.getByRole('button', { name: 'Add caption to share' })
  await expect(submit).toBeDisabled()

  // Only images: a text file is refused before anything is sent.
  const picker = dialog.getByLabel('Photo', { exact: true })
  await expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif')
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(dialog.getByText('Please choose a JPEG, PNG, WebP or AVIF image')).toBeVisible()

  await picker.setInputFiles({
    name: 'my-build.jpg',
    mimeType: 'image/jpeg',
    buffer: await brickPhoto(1, 'jpeg'),
  })
  await expectImageLoaded(dialog.getByRole('img', { name: 'Preview: my-build.jpg' }))

  // Spaces are no caption: the button stays disabled, and Ctrl+Enter says what is missing.
  const caption = dialog.getByLabel('Caption')
  await caption.fill('   ')
  await expect(submit).toBeDisabled()
  await caption.press('Control+Enter')
  await expectToastShown(seen, 'Missing information', 'Please add a caption')

  await caption.fill(`My rebuilt tower ${token}`)
  const share = dialog.getByRole('button', { name: 'Share', exact: true })
  await expect(share).toBeEnabled()

  // The item it shows, found by the catalogue search.
  await dialog
    .getByRole('combobox', { name: 'Search for the set or minifigure in the photo' })
    .fill(`PH${token}`)
  await dialog.getByRole('option', { name: new RegExp(`Photo Set ${token}`) }).click()
  await expect(dialog.getByText(`PH${token}-1 - Photo Set ${token}`)).toBeVisible()
  await saveScreenshot(seen, 'community-share-dialog', { fullPage: false })

  await share.click()
  await expectToastShown(seen, 'Post shared!')
  await expect(dialog).toBeHidden()

  const card = postCard(seen, token)
  await expect(card).toHaveCount(1)
  await expect(card.getByRole('heading', { name: `Priya Poster${token}` })).toBeVisible()
  await expect(card).toContainText(`My rebuilt tower ${token}`)
  await expect(
    card.getByRole('link', { name: new RegExp(`PH${token}-1 - Photo Set ${token}`) }),
  ).toHaveAttribute('href', `/item/${item.slug}`)
  const photo = card.getByRole('img', { name: new RegExp(`^Photo by Priya Poster${token}`) })
  await expectImageLoaded(photo)
  await expect(photo).toHaveAttribute('src', /^\/objects\//)
  await expect(card.locator('time')).toHaveText(
    new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
  )
  await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false')
  await expect(card.getByRole('button', { name: 'Comments, 0 comments' })).toBeVisible()

  // Caption and photo were reset: the dialog opens empty.
  await seen.getByRole('button', { name: 'Share Photo' }).click()
  await expect(dialog.getByLabel('Caption')).toHaveValue('')
  await expect(dialog.getByText('Choose a photo')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Add caption to share' })).toBeDisabled()

  // Bytes that are no image, named and typed as one: the server refuses, with the spec's upload message.
  await dialog.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  })
  await dialog.getByLabel('Caption').fill(`Not really a photo ${token}`)
  await dialog.getByRole('button', { name: 'Share', exact: true }).click()
  await expectToastShown(seen, 'Error', 'Failed to upload image: 4')
  await expect(dialog).toBeVisible()
  await seen.keyboard.press('Escape')
  await expect(postCard(seen, `Not really a photo ${token}`)).toHaveCount(0)

  await seen.reload()
  await expect(postCard(seen, token)).toHaveCount(1)
  await saveScreenshot(seen, 'community-feed', { fullPage: false })
  if (isPhone(page)) await expectNoHorizontalOverflow(seen)

  // The gallery: the real photo, its caption, and the whole post a click away.
  await seen.goto('/gallery')
  await expect(seen.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible()
  await expect(seen.getByRole('button', { name: 'Share Creation' })).toBeVisible()
  const tile = seen.getByTestId('post-tile').filter({ hasText: token })
  await expect(tile).toHaveCount(1)
  await expectImageLoaded(tile.locator('img'))
  await expect(tile.locator('img')).toHaveAttribute('src', /^\/objects\//)
  // The newest creation is the large one.
  const tiles = seen.getByTestId('post-tile')
  if ((await tiles.count()) > 1) {
    const [first, second] = await Promise.all([tiles.nth(0).boundingBox(), tiles.nth(1).boundingBox()])
    expect(first?.width ?? 0).toBeGreaterThan((second?.width ?? 0) * 1.5)
  }
  await saveScreenshot(seen, 'community-gallery', { fullPage: false })
  if (isPhone(page)) await expectNoHorizontalOverflow(seen)
  await tile.click()
  const opened = seen.getByRole('dialog', { name: `Priya Poster${token}'s post` })
  await expect(opened.getByText(`My rebuilt tower ${token}`)).toBeVisible()
  await saveScreenshot(seen, 'community-post-dialog', { fullPage: false })
  await seen.keyboard.press('Escape')

  // The item's page: its community photos, and a Share Photo dialog that links the item already.
  await seen.goto(`/item/${item.slug}`)
  const section = seen.getByRole('region', { name: 'Community photos' })
  await section.scrollIntoViewIfNeeded()
  const itemTile = section.getByTestId('post-tile').filter({ hasText: token })
  await expect(itemTile).toHaveCount(1)
  await expectImageLoaded(itemTile.locator('img'))
  await section.getByRole('button', { name: 'Share Photo' }).click()
  const itemDialog = seen.getByRole('dialog', { name: 'Share Photo' })
  await expect(itemDialog.getByText(`PH${token}-1 - Photo Set ${token}`)).toBeVisible()
  await expect(
    itemDialog.getByRole('button', { name: `Remove the link to PH${token}-1 - Photo Set ${token}` }),
  ).toBeVisible()
  await seen.keyboard.press('Escape')
  await section.scrollIntoViewIfNeeded()
  await section.screenshot({
    path: `e2e/screenshots/community-item-section-${page.viewportSize()?.width}.png`,
  })
  if (isPhone(page)) await expectNoHorizontalOverflow(seen)

  // Refused uploads are logged as failed requests; and Playwright's trace recorder (not the page) fetches the
  // preview's blob: address for its snapshots, which the CSP's connect-src refuses.
  const expected = [/status of 4(00|15)/, /^Connecting to 'blob:.*connect-src/]
  expect(errors.filter((error) => !expected.some((pattern) => pattern.test(error)))).toEqual([])
  await seen.context().close()
})

test('likes and comments hold after a reload; one deletes only their own', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const token = uniqueToken()
  const author = await memberPage(browser, page.viewportSize(), { first: 'Aiko', last: `Author${token}` })
  const reader = await memberPage(browser, page.viewportSize(), { first: 'Remy', last: `Reader${token}` })
  const errors = collectErrors(reader.page)
  await shareViaApi(author.page.request, `Castle wall ${token}`, { seed: 2 })

  const seen = reader.page
  await seen.goto('/social-feed')
  const card = postCard(seen, token)
  const like = likeButton(card)
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(like).toHaveText('0')

  await like.click()
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await expect(like).toHaveText('1')
  await expect(like).toHaveAccessibleName('Like, 1 like')
  await seen.reload()
  await expect(likeButton(postCard(seen, token))).toHaveAttribute('aria-pressed', 'true')
  await expect(likeButton(postCard(seen, token))).toHaveText('1')

  await likeButton(postCard(seen, token)).click()
  await expect(likeButton(postCard(seen, token))).toHaveAttribute('aria-pressed', 'false')
  await expect(likeButton(postCard(seen, token))).toHaveText('0')
  await seen.reload()
  await expect(likeButton(postCard(seen, token))).toHaveAttribute('aria-pressed', 'false')
  await expect(likeButton(postCard(seen, token))).toHaveText('0')

  // A comment, counted, kept after a reload, and deleted by its writer.
  await postCard(seen, token)
    .getByRole('button', { name: /^Comments, / })
    .click()
  await expect(postCard(seen, token).getByText('No comments yet. Say something nice.')).toBeVisible()
  await postCard(seen, token).getByLabel('Add a comment').fill(`Lovely wall ${token}`)
  await postCard(seen, token).getByRole('button', { name: 'Post', exact: true }).click()
  await expect(
    postCard(seen, token)
      .getByRole('listitem')
      .filter({ hasText: `Lovely wall ${token}` }),
  ).toBeVisible()
  await expect(postCard(seen, token).getByRole('button', { name: 'Comments, 1 comment' })).toBeVisible()
  await saveScreenshot(seen, 'community-comments', { fullPage: false })
  await seen.reload()
  await expect(postCard(seen, token).getByRole('button', { name: 'Comments, 1 comment' })).toBeVisible()

  // The author sees it, without a way to delete someone else's comment.
  await author.page.goto('/social-feed')
  const own = postCard(author.page, token)
  await own.getByRole('button', { name: /^Comments, / }).click()
  await expect(own.getByText(`Lovely wall ${token}`)).toBeVisible()
  await expect(own.getByRole('button', { name: /^Delete comment/ })).toHaveCount(0)

  await postCard(seen, token)
    .getByRole('button', { name: /^Comments, / })
    .click()
  await postCard(seen, token)
    .getByRole('button', { name: `Delete comment by Remy Reader${token}` })
    .click()
  await expectToastShown(seen, 'Comment deleted')
  await expect(postCard(seen, token).getByRole('button', { name: 'Comments, 0 comments' })).toBeVisible()

  expect(errors).toEqual([])
  await author.page.context().close()
  await seen.context().close()
})

test('a reported post is hidden by a moderator: gone for others, marked for its author, then restored', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const token = uniqueToken()
  const viewport = page.viewportSize()
  const author = await memberPage(browser, viewport, { first: 'Hugo', last: `Hidden${token}` })
  const reader = await memberPage(browser, viewport, { first: 'Rita', last: `Reporter${token}` })
  await shareViaApi(author.page.request, `Questionable build ${token}`, { seed: 3 })
  const spare = `Spare post ${token}`
  await shareViaApi(author.page.request, spare, { seed: 1 })

  // Report: others' posts offer Report, with a reason and details.
  await reader.page.goto('/social-feed')
  await postCard(reader.page, `Questionable build ${token}`)
    .getByRole('button', { name: /^Post actions/ })
    .click()
  await expect(reader.page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0)
  await reader.page.getByRole('menuitem', { name: 'Report' }).click()
  const report = reader.page.getByRole('dialog', { name: 'Report post' })
  await report.getByRole('button', { name: 'Report', exact: true }).click()
  await expect(report.getByText('Please choose a reason')).toBeVisible()
  await report.getByRole('radio', { name: 'Spam or advertising' }).check()
  await report.getByLabel('Details').fill(`Selling knock-offs ${token}`)
  await saveScreenshot(reader.page, 'community-report-dialog', { fullPage: false })
  await report.getByRole('button', { name: 'Report', exact: true }).click()
  await expectToastShown(reader.page, 'Post reported')
  await expect(report).toBeHidden()

  // The moderator sees the report and hides the post.
  const admin = await adminPage(browser, viewport)
  await admin.goto('/moderation?tab=posts')
  await expect(admin.getByRole('tab', { name: 'Reported posts' })).toHaveAttribute('aria-selected', 'true')
  const reviewed = admin.getByTestId('review-post').filter({ hasText: token })
  await expect(reviewed).toContainText(`Questionable build ${token}`)
  await expect(reviewed).toContainText('Spam or advertising')
  await expect(reviewed).toContainText(`Selling knock-offs ${token}`)
  await expect(reviewed).toContainText(`Reported by Rita Reporter${token}`)
  await expectImageLoaded(reviewed.getByRole('img'))
  await saveScreenshot(admin, 'community-moderation', { fullPage: false })
  if (isPhone(page)) await expectNoHorizontalOverflow(admin)
  await reviewed.getByRole('button', { name: 'Hide' }).click()
  await expectToastShown(admin, 'Post hidden')
  await expect(reviewed).toHaveCount(0)

  // Gone for the reader; marked for its author, the only one who still sees it.
  await reader.page.reload()
  await expect(postCard(reader.page, spare)).toHaveCount(1)
  await expect(postCard(reader.page, `Questionable build ${token}`)).toHaveCount(0)
  await reader.page.goto('/gallery')
  await expect(reader.page.getByTestId('post-tile').filter({ hasText: spare })).toHaveCount(1)
  await expect(
    reader.page.getByTestId('post-tile').filter({ hasText: `Questionable build ${token}` }),
  ).toHaveCount(0)
  await author.page.goto('/social-feed')
  const hidden = postCard(author.page, `Questionable build ${token}`)
  await expect(hidden).toContainText('Hidden by a moderator')
  await expect(hidden).toContainText('Only you can see this post.')
  await saveScreenshot(author.page, 'community-hidden-own', { fullPage: false })

  // Restored from the Hidden list: everyone sees it again.
  await admin.getByRole('radio', { name: 'Hidden' }).check()
  const hiddenCard = admin.getByTestId('review-post').filter({ hasText: token })
  await expect(hiddenCard).toContainText('Hidden')
  await hiddenCard.getByRole('button', { name: 'Restore' }).click()
  await expectToastShown(admin, 'Post restored')
  await reader.page.goto('/social-feed')
  await expect(postCard(reader.page, `Questionable build ${token}`)).toHaveCount(1)

  // Its author deletes the spare post, after confirming; others cannot.
  const foreign = await reader.page.request.delete(
    `/api/posts/${(await (await author.page.request.get('/api/posts/feed?limit=50')).json()).posts.find((post: { caption: string }) => post.caption === spare).id}`,
    { headers: { Origin: CATALOGUE_URL } },
  )
  expect([403, 404]).toContain(foreign.status())
  await postCard(author.page, spare)
    .getByRole('button', { name: /^Post actions/ })
    .click()
  await expect(author.page.getByRole('menuitem', { name: 'Report' })).toHaveCount(0)
  await author.page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = author.page.getByRole('alertdialog', { name: 'Delete Post' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expectToastShown(author.page, 'Post deleted')
  await expect(postCard(author.page, spare)).toHaveCount(0)

  for (const context of [admin.context(), reader.page.context(), author.page.context()]) await context.close()
})

test('an empty feed and gallery say so', async ({ page, browser }) => {
  const member = await memberPage(browser, page.viewportSize(), {
    first: 'Ema',
    last: `Empty${uniqueToken()}`,
  })
  const seen = member.page
  // Other specs share on this server: the feed is answered empty here, as on a new install.
  await seen.route('**/api/posts/feed*', (route) => route.fulfill({ json: { posts: [], nextCursor: null } }))
  await seen.goto('/social-feed')
  await expect(seen.getByText('No posts yet')).toBeVisible()
  await expect(seen.getByRole('button', { name: 'Share Photo' })).toBeVisible()
  await saveScreenshot(seen, 'community-feed-empty', { fullPage: false })
  await seen.goto('/gallery')
  await expect(seen.getByText('No creations yet')).toBeVisible()
  await expect(seen.getByRole('button', { name: 'Share Creation' })).toBeVisible()
  await saveScreenshot(seen, 'community-gallery-empty', { fullPage: false })
  await seen.context().close()
})

test('the feed loads its next posts as the reader scrolls', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const token = uniqueToken()
  // Two members (each may share 20 posts an hour) share 21 posts: more than a page. On the main server, so
  // they do not push the other specs' posts off the catalogue server's first page.
  const baseURL = `http://127.0.0.1:${E2E_PORT}`
  const names = (first: string) => ({ first, last: `Scroll${token}` })
  const first = await memberPage(browser, page.viewportSize(), names('Sam'), baseURL)
  const second = await memberPage(browser, page.viewportSize(), names('Sky'), baseURL)
  for (let index = 0; index < 21; index += 1) {
    const author = index % 2 ? second : first
    await shareViaApi(author.page.request, `Scroll post ${index} ${token}`, { seed: index, baseURL })
  }
  const seen = first.page
  await seen.goto('/social-feed')
  const posts = seen.getByTestId('post')
  await expect(posts.first()).toBeVisible()
  await expect(posts).toHaveCount(20)
  await expect(postCard(seen, `Scroll post 0 ${token}`)).toHaveCount(0)
  // Scrolling to the end brings the next page in, without a click (again, if the other project's posts
  // came in between).
  const oldest = postCard(seen, `Scroll post 0 ${token}`)
  await expect(async () => {
    if ((await oldest.count()) === 0) {
      await seen.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded({ timeout: 3_000 })
    }
    await expect(oldest).toHaveCount(1, { timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
  expect(await posts.count()).toBeGreaterThan(20)
  await first.page.context().close()
  await second.page.context().close()
})
