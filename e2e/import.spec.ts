import { expect, type Page, test } from '@playwright/test'
import type { CollectionEntry } from '#shared/contract/collections.ts'
import { createItem, uniqueToken } from './catalogue-support.ts'
import { collectionViaApi } from './collection-support.ts'
import { adminPage, memberPage } from './moderation-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  saveScreenshot,
} from './support.ts'

/**
 * The import screen (spec 02 §2, issue 12) in the browser, against the real server: a BrickLink store
 * inventory uploaded as a file is previewed (an ambiguous number asked about, an unknown one and a part
 * listed with their lines), imported with what was paid in its own currency, and a second import changes
 * nothing; a bad paste gets the spec's failure toast and the server's reason; only moderators send a file
 * to the catalogue; a large file runs as a job whose progress survives leaving the page.
 *
 * On the catalogue server. Desktop and mobile run at once, so each test makes its own items.
 */
test.use({ baseURL: CATALOGUE_URL })

/** A BrickLink store inventory lot (research/import-formats.md), as BrickLink writes it. */
function lot(fields: {
  type?: string
  id: string
  qty: number
  condition: 'N' | 'U'
  cost?: string
  lotId: number
}) {
  return `  <ITEM>
    <ITEMTYPE>${fields.type ?? 'S'}</ITEMTYPE>
    <ITEMID>${fields.id}</ITEMID>
    <COLOR>0</COLOR>
    <QTY>${fields.qty}</QTY>
    <CONDITION>${fields.condition}</CONDITION>
    ${fields.cost ? `<MYCOST>${fields.cost}</MYCOST>` : ''}
    <LOTID>${fields.lotId}</LOTID>
    <BASECURRENCYCODE>EUR</BASECURRENCYCODE>
    <REMARKS>Shelf B &amp; dry</REMARKS>
  </ITEM>`
}

const inventory = (lots: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<INVENTORY>\n${lots.join('\n')}\n</INVENTORY>\n`

async function chooseFile(page: Page, name: string, text: string) {
  await page.getByLabel('choose files').setInputFiles({
    name,
    mimeType: 'text/xml',
    buffer: Buffer.from(text),
  })
  await expect(page.getByRole('list', { name: 'Chosen files' })).toContainText(name)
}

const previewPanel = (page: Page) => page.getByRole('region', { name: /BrickLink store inventory XML/ })

test('a BrickLink inventory is previewed, an ambiguous number chosen, imported once; again it changes nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Ivy', last: `Importer${token}` })
  const errors = collectErrors(member.page)
  const seen = member.page
  const falcon = await createItem(seen.request, { name: `Imported Falcon ${token}`, number: `IM${token}-1` })
  const first = await createItem(seen.request, { name: `Variant One ${token}`, number: `AM${token}-1` })
  const second = await createItem(seen.request, { name: `Variant Two ${token}`, number: `AM${token}-2` })
  const file = inventory([
    lot({ id: `IM${token}`, qty: 2, condition: 'N', cost: '679.9950', lotId: 1 }),
    lot({ id: `AM${token}`, qty: 1, condition: 'U', cost: '12.5000', lotId: 2 }),
    lot({ id: `NO${token}-1`, qty: 1, condition: 'N', lotId: 3 }),
    lot({ type: 'P', id: '3001', qty: 40, condition: 'N', lotId: 4 }),
  ])

  // Reached from My Collection.
  await seen.goto('/collection')
  await seen.getByRole('link', { name: 'Import' }).click()
  await expect(seen).toHaveURL(/\/import-data$/)
  await expect(seen.getByRole('heading', { level: 1, name: 'Import Data' })).toBeVisible()
  // The spec's source selector, and the label the data area takes for each source.
  await expect(seen.getByLabel('Additional Parameters')).toBeVisible()
  await chooseFile(seen, 'my-store.xml', file)
  await seen.getByRole('button', { name: 'Check file' }).click()

  const preview = previewPanel(seen)
  await expect(preview).toContainText('4 rows read')
  await expect(preview).toContainText('Nothing has been written yet')
  // Line numbers count the file's lines: each lot starts where BrickLink wrote it.
  const issues = preview.getByTestId('import-issue')
  await expect(issues.filter({ hasText: `NO${token}-1` })).toContainText('Not in the catalogue')
  await expect(issues.filter({ hasText: '3001' })).toContainText('Parts are not tracked')
  // The ambiguous number is asked about, never guessed: left out until chosen.
  const ambiguous = preview.getByTestId('ambiguous-number').filter({ hasText: `AM${token}` })
  await expect(ambiguous.getByRole('radio', { name: IMPORT_LEAVE_OUT })).toBeChecked()
  await expect(preview.getByRole('button', { name: 'Import 1 row' })).toBeVisible()
  await saveScreenshot(seen, 'import-preview')
  if ((page.viewportSize()?.width ?? 1280) < 400) await expectNoHorizontalOverflow(seen)

  await ambiguous.getByRole('radio', { name: new RegExp(`AM${token}-2 Variant Two`) }).check()
  await expect(preview.getByRole('button', { name: 'Import 2 rows' })).toBeEnabled()
  await expect(preview.getByTestId('import-sample-row')).toHaveCount(2)
  await preview.getByRole('button', { name: 'Import 2 rows' }).click()
  await expectToastShown(seen, 'Import Successful', 'Imported 2 items successfully!')
  const result = seen.getByRole('region', { name: 'Imported', exact: true })
  await expect(result.getByRole('link', { name: 'Download the report (CSV)' })).toBeVisible()
  await saveScreenshot(seen, 'import-result')

  // Each lot landed with its quantity, condition and what was paid in its own currency.
  const entries = (await collectionViaApi(seen, CATALOGUE_URL)).entries
  const byItem = (id: number) => entries.filter((entry: CollectionEntry) => entry.item.id === id)
  expect(
    byItem(falcon.id).map((entry) => [
      entry.quantity,
      entry.condition.label,
      entry.originalPrice,
      entry.currency,
    ]),
  ).toEqual([[2, 'New/Sealed', '680.00', 'EUR']])
  expect(byItem(second.id).map((entry) => [entry.quantity, entry.condition.grade, entry.currency])).toEqual([
    [1, 'used', 'EUR'],
  ])
  expect(byItem(first.id)).toEqual([])

  // The report lists the rows not imported and why.
  const report = await seen.request.get(
    (await result.getByRole('link', { name: 'Download the report (CSV)' }).getAttribute('href')) as string,
  )
  const reportText = await report.text()
  expect(reportText).toContain(`NO${token}-1`)
  expect(reportText).toContain('3001')

  // The same file again: nothing would change.
  await seen.getByRole('button', { name: 'Import another file' }).click()
  await chooseFile(seen, 'my-store.xml', file)
  await seen.getByRole('button', { name: 'Check file' }).click()
  await previewPanel(seen)
    .getByTestId('ambiguous-number')
    .getByRole('radio', { name: new RegExp(`AM${token}-2`) })
    .check()
  await expect(previewPanel(seen)).toContainText('Everything in this file is already imported')
  await expect(previewPanel(seen).getByRole('button', { name: 'Import', exact: true })).toBeDisabled()
  expect((await collectionViaApi(seen, CATALOGUE_URL)).entries.length).toBe(entries.length)
  expect(errors).toEqual([])
})

const IMPORT_LEAVE_OUT = 'Leave these rows out'

test('a bad paste gets the failure toast and the reason; only a moderator sends a file to the catalogue', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Max', last: `Member${token}` })
  const seen = member.page
  await seen.goto('/import-data')
  // A web address on this machine is never fetched (the image proxy's rules).
  await seen.getByLabel(/Import from a web address/).fill('http://127.0.0.1:9/my-wanted-list.xml')
  await seen.getByRole('button', { name: 'Check file' }).click()
  await expect(seen.getByRole('alert')).toContainText(
    'Files are not fetched from 127.0.0.1: it is not a public address.',
  )
  await seen.getByLabel(/Import from a web address/).fill('')
  await seen.getByRole('combobox', { name: 'Source' }).click()
  await seen.getByRole('option', { name: 'CSV File' }).click()
  const data = seen.getByLabel('CSV Data')
  await expect(data).toBeVisible()
  // No web address for a plain CSV file (spec 02 §2: only the marketplace sources have one).
  await expect(seen.getByLabel(/Import from a web address/)).toHaveCount(0)

  await data.fill('hello,world\nthis is,not an export')
  await seen.getByRole('button', { name: 'Check file' }).click()
  await expectToastShown(
    seen,
    'Import Failed',
    'Failed to import data. Please check your input and try again.',
  )
  await expect(seen.getByRole('alert')).toContainText(/recognise/i)

  // The spec's catalogue CSV: a member is told it is for moderators; nothing is written.
  const catalogueCsv = `item_number,name,theme,year,pieces,minifigures,original_msrp,type,retired\nCV${token}-1,Imported Castle ${token},Castle,2024,1200,6,99.99,set,false\n`
  await data.fill(catalogueCsv)
  await seen.getByRole('button', { name: 'Check file' }).click()
  await expect(seen.getByRole('alert')).toContainText('trusted members and admins')
  expect(
    (
      await seen.request.get(
        `/api/items/slug/cv${token.toLowerCase()}-1-imported-castle-${token.toLowerCase()}`,
      )
    ).status(),
  ).toBe(404)

  // The admin sees where it goes and imports it.
  const admin = await adminPage(browser, page.viewportSize())
  await admin.goto('/import-data')
  await admin.getByRole('combobox', { name: 'Source' }).click()
  await admin.getByRole('option', { name: 'CSV File' }).click()
  await admin.getByLabel('CSV Data').fill(catalogueCsv)
  await admin.getByRole('button', { name: 'Check file' }).click()
  const preview = admin.getByRole('region', { name: 'Catalogue CSV' })
  await expect(preview).toContainText('Import into: The catalogue')
  await preview.getByRole('button', { name: 'Import 1 row' }).click()
  await expectToastShown(admin, 'Import Successful', 'Imported 1 items successfully!')
  const found = await admin.request.get(`/api/items?query=CV${token}-1`)
  expect(await found.text()).toContain(`Imported Castle ${token}`)
})

test('a Brickset collection lets a member choose their collection or wanted list, never the catalogue', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Wes', last: `Wanted${token}` })
  const seen = member.page
  const item = await createItem(seen.request, { name: `Wanted Tower ${token}`, number: `WT${token}-1` })
  await seen.goto('/import-data?target=wanted')
  await seen.getByRole('combobox', { name: 'Source' }).click()
  await seen.getByRole('option', { name: 'Brickset' }).click()
  await seen
    .getByLabel('Additional Parameters')
    .fill(
      `"Number","Set name","Qty owned","Qty owned new","Qty owned used","Wanted","Qty wanted"\n"WT${token}-1","Wanted Tower","0","0","0","Yes","2"\n`,
    )
  await seen.getByRole('button', { name: 'Check file' }).click()
  const preview = seen.getByRole('region', { name: 'Brickset collection CSV' })
  const target = preview.getByRole('group', { name: 'Import into' })
  await expect(target.getByRole('radio')).toHaveCount(2)
  await expect(target.getByRole('radio', { name: /My wanted list/ })).toBeChecked()
  await expect(target.getByRole('radio', { name: /catalogue/i })).toHaveCount(0)
  await preview.getByRole('button', { name: 'Import 1 row' }).click()
  await expectToastShown(seen, 'Import Successful', 'Imported 1 items successfully!')
  // The result points to where price alerts at the list's prices are set (ADR 051).
  await expect(seen.getByRole('region', { name: 'Imported' })).toContainText(
    'To hear when an item’s fair price falls to the most you’d pay, press “Alert me at my prices” on the wanted list.',
  )
  await saveScreenshot(seen, 'import-wanted-result')
  const wanted = await seen.request.get('/api/me/wanted')
  expect(
    (await wanted.json()).items.map((entry: { item: { id: number }; quantity: number }) => [
      entry.item.id,
      entry.quantity,
    ]),
  ).toEqual([[item.id, 2]])
})

test('a file over 5 MB runs as a job: its progress survives leaving the page, then it is imported', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'One large import is enough: the job does not depend on the width',
  )
  test.setTimeout(180_000)
  const token = uniqueToken()
  const member = await memberPage(browser, page.viewportSize(), { first: 'Lars', last: `Large${token}` })
  const seen = member.page
  const item = await createItem(seen.request, { name: `Bulk Set ${token}`, number: `BK${token}-1` })
  // 12,000 lots of one set, each with its own lot id and a long remark: just over 5 MB.
  const remark = 'Stored in the back room, box 12, shelf 3; sealed, minor shelf wear on one corner. '.repeat(
    4,
  )
  const lots = Array.from(
    { length: 12_000 },
    (_, index) =>
      `<ITEM><ITEMTYPE>S</ITEMTYPE><ITEMID>BK${token}-1</ITEMID><QTY>1</QTY><CONDITION>N</CONDITION><MYCOST>${(10 + (index % 50)).toFixed(4)}</MYCOST><LOTID>${index + 1}</LOTID><BASECURRENCYCODE>USD</BASECURRENCYCODE><REMARKS>${remark}</REMARKS></ITEM>`,
  )
  const file = inventory(lots)
  expect(Buffer.byteLength(file)).toBeGreaterThan(5 * 1024 * 1024)

  await seen.goto('/import-data')
  await chooseFile(seen, 'big-store.xml', file)
  await seen.getByRole('button', { name: 'Check file' }).click()
  await expect(seen).toHaveURL(/\?job=[0-9a-f-]{36}$/)
  const jobUrl = seen.url()
  // Leave, and come back by the address: the job is where it has got to (running or checked).
  await seen.goto('/collection')
  await seen.goto(jobUrl)
  const preview = previewPanel(seen)
  await expect(preview.or(seen.getByRole('progressbar'))).toBeVisible()
  await expect(preview).toContainText('12,000 rows read', { timeout: 90_000 })
  await expect(seen.getByText('This file was checked on the server')).toBeVisible()
  await preview.getByRole('button', { name: 'Import 12,000 rows' }).click()
  // The commit runs as a job too: the bar shows rows done, rows per second and time left.
  const progress = seen.getByRole('progressbar')
  const result = seen.getByRole('region', { name: 'Imported', exact: true })
  const moving = seen.getByTestId('import-progress').filter({ hasText: /^[\d,]+ rows · [\d,]+ rows\/s/ })
  await expect(moving.or(result)).toBeVisible({ timeout: 60_000 })
  if (await moving.isVisible()) {
    await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/)
    await saveScreenshot(seen, 'import-progress', { fullPage: false })
  }
  await expect(result).toBeVisible({ timeout: 120_000 })
  await expectToastShown(seen, 'Import Successful', 'Imported 12000 items successfully!')
  await expect(seen.getByRole('region', { name: 'Recent imports' })).toContainText('big-store.xml')
  const entries = await collectionViaApi(seen, CATALOGUE_URL, `?query=BK${token}&limit=5`)
  expect(entries.total).toBe(12_000)
  expect(entries.entries.every((entry) => entry.item.id === item.id)).toBe(true)
})
