import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { memberSchema, membersSchema } from '#shared/contract/moderation.ts'
import { FIRST_ACCOUNT } from '../support/first-account.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

/** Admins look members up and grant or remove "trusted" (DESIGN §4), with the effect on their sales. */
const context = setupTestApp()

type Who = 'admin' | 'trusted' | 'member' | 'percent'
const people = {} as Record<Who, { cookie: string; id: string; email: string }>
let falconId = 0

beforeAll(async () => {
  for (const who of ['admin', 'trusted', 'member', 'percent'] as const) {
    const email = uniqueEmail(`members-${who}`)
    const lastName = who === 'percent' ? '50%off_deal' : who
    people[who] = { ...(await signUp(context.app, { email, firstName: 'Mo', lastName })), email }
  }
  await context.database.db.execute(sql`update users set role = 'admin' where id = ${people.admin.id}`)
  await context.database.db.execute(sql`update users set is_trusted = true where id = ${people.trusted.id}`)
  const [falcon] = await queryRows<{ id: number }>(
    context.database.db,
    sql`select id from items where number = '75192-1'`,
  )
  falconId = falcon?.id ?? 0
})

function send(method: 'GET' | 'PATCH' | 'POST', url: string, who: Who, payload?: unknown) {
  return context.app.inject({
    method,
    url,
    headers: { cookie: people[who].cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

const members = async (query = '') => {
  const response = await send('GET', `/api/admin/users${query}`, 'admin')
  expect(response.statusCode, response.body).toBe(200)
  return membersSchema.parse(response.json())
}

const trust = (id: string, isTrusted: unknown, who: Who = 'admin') =>
  send('PATCH', `/api/admin/users/${id}`, who, { isTrusted })

async function recordSale(who: Who, price: string) {
  const response = await send('POST', `/api/items/${falconId}/sales`, who, {
    price,
    currency: 'GBP',
    condition: 'New/Sealed',
    saleDate: new Date().toISOString().slice(0, 10),
    source: 'eBay',
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { status: string }
}

describe('the member list', () => {
  it('is for admins only', async () => {
    for (const who of ['trusted', 'member'] as const) {
      const response = await send('GET', '/api/admin/users', who)
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toBe('Only admins can manage members.')
    }
  })

  it('lists admins first, then trusted members, with their sales counted', async () => {
    await recordSale('member', '610')
    await recordSale('member', '611')
    const { users, total } = await members('?limit=100')
    expect(total).toBe(5)
    expect(users.slice(0, 2).map((user) => user.role)).toEqual(['admin', 'admin'])
    expect(users.map((user) => user.email)).toContain(FIRST_ACCOUNT.email)
    expect(users[2]).toMatchObject({ id: people.trusted.id, isTrusted: true, role: 'user' })
    expect(users.find((user) => user.id === people.member.id)).toMatchObject({
      email: people.member.email,
      firstName: 'Mo',
      lastName: 'member',
      role: 'user',
      isTrusted: false,
      salesCount: 2,
    })
  })

  it('finds people by part of their e-mail or name, taking % and _ as they are', async () => {
    expect((await members(`?query=${encodeURIComponent(people.member.email.toUpperCase())}`)).users).toEqual([
      expect.objectContaining({ id: people.member.id }),
    ])
    expect((await members('?query=Mo%20trusted')).users.map((user) => user.id)).toEqual([people.trusted.id])
    expect((await members(`?query=${encodeURIComponent('%off_')}`)).users.map((user) => user.id)).toEqual([
      people.percent.id,
    ])
    expect((await members('?query=%25')).users.map((user) => user.id)).toEqual([people.percent.id])
    expect(await members('?query=nobody-has-this')).toEqual({ users: [], total: 0 })
    const paged = await members('?limit=2&offset=1')
    expect(paged.users).toHaveLength(2)
    expect(paged.total).toBe(5)
  })

  it('refuses bad queries with messages', async () => {
    for (const [query, message] of [
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=101', 'limit must be at most 100'],
      [`?query=${'q'.repeat(101)}`, 'query must be at most 100 characters'],
    ] as const) {
      const response = await send('GET', `/api/admin/users${query}`, 'admin')
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message).toContain(message)
    }
  })
})

describe('granting and removing trust', () => {
  it('makes a member trusted: their next sale is verified at once; removed, pending again', async () => {
    expect((await recordSale('member', '620')).status).toBe('pending')
    const granted = await trust(people.member.id, true)
    expect(granted.statusCode, granted.body).toBe(200)
    expect(memberSchema.parse(granted.json())).toMatchObject({
      id: people.member.id,
      isTrusted: true,
      role: 'user',
      salesCount: 3,
    })
    // Their session sees it at once: no need to sign in again.
    expect((await send('GET', '/api/auth/user', 'member')).json().isTrusted).toBe(true)
    expect((await recordSale('member', '621')).status).toBe('verified')

    const removed = await trust(people.member.id, false)
    expect(removed.json()).toMatchObject({ isTrusted: false })
    expect((await recordSale('member', '622')).status).toBe('pending')
  })

  it('is for admins only, and refuses bad ids and bodies, writing nothing', async () => {
    const before = await tableChecksums(context.database.db)
    const cases: Array<[string, unknown, Who, number, string]> = [
      [people.member.id, true, 'trusted', 403, 'Only admins can manage members.'],
      [people.member.id, true, 'member', 403, 'Only admins can manage members.'],
      ['not-a-user', true, 'admin', 400, 'id must be a user id'],
      ['42', true, 'admin', 400, 'id must be a user id'],
      [people.member.id, 'yes', 'admin', 400, 'isTrusted must be true or false'],
      [people.member.id, undefined, 'admin', 400, 'isTrusted must be true or false'],
      ['00000000-0000-4000-8000-000000000000', true, 'admin', 404, 'Member not found'],
      [
        people.admin.id,
        true,
        'admin',
        409,
        'Admins can already do everything a trusted member can, so their trust is not changed.',
      ],
    ]
    for (const [id, isTrusted, who, status, message] of cases) {
      const response = await trust(id, isTrusted, who)
      expect(response.statusCode, `${id} ${String(isTrusted)} as ${who}`).toBe(status)
      expect(response.json().message).toContain(message)
    }
    expect(await tableChecksums(context.database.db)).toEqual(before)
  })
})
