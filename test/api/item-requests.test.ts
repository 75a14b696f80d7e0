import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import {
  approvedItemRequestSchema,
  itemRequestListSchema,
  itemRequestSchema,
} from '#shared/contract/moderation.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Requests to add items to the catalogue (issue 12): anyone signed in asks (the import screen, for its
 * unknown numbers), a number already waiting joins its request, and moderators approve (adding the
 * item as POST /api/items would) or reject with a reason.
 */
const context = setupTestApp({ readCacheTtlMs: 60_000 })

type Who = 'member' | 'other' | 'trusted'
const people = {} as Record<Who, { cookie: string; id: string; email: string }>

beforeAll(async () => {
  for (const who of ['member', 'other', 'trusted'] as const) {
    const email = uniqueEmail(who)
    people[who] = { ...(await signUp(context.app, { email, firstName: 'Ria', lastName: who })), email }
  }
  await context.database.db.execute(sql`update users set is_trusted = true where id = ${people.trusted.id}`)
})

function send(method: 'GET' | 'POST', url: string, who?: Who, payload?: unknown) {
  return context.app.inject({
    method,
    url,
    headers: who ? { cookie: people[who].cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

const ask = (who: Who, requests: unknown) => send('POST', '/api/item-requests', who, { requests })

async function pending() {
  const response = await send('GET', '/api/moderation/item-requests?limit=100', 'trusted')
  expect(response.statusCode, response.body).toBe(200)
  return itemRequestListSchema.parse(response.json())
}

const requestFor = async (code: string) => {
  const found = (await pending()).requests.find((request) => request.code === code)
  if (!found) throw new Error(`no pending request for ${code}`)
  return found
}

const approveBody = (number: string) => ({
  type: 'set',
  number,
  name: 'Harbour Lighthouse',
  theme: 'Ideas',
  year: 2024,
})

describe('asking for items', () => {
  it('makes one request per number: the same number again, in the call or later, joins it', async () => {
    const first = await ask('member', [
      { code: '910051-1', name: 'Harbour Lighthouse', theme: 'Ideas', year: 2024 },
      { code: 'sw1400', name: 'Clone Trooper (Phase 3)' },
      { code: '910051-1' },
    ])
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ created: 2, joined: 1 })
    // Another person, another spelling of the same number.
    expect((await ask('other', [{ code: '910051-1' }, { code: 'SW1400' }])).json()).toEqual({
      created: 0,
      joined: 2,
    })

    const lighthouse = await requestFor('910051-1')
    expect(lighthouse).toMatchObject({
      type: 'set',
      name: 'Harbour Lighthouse',
      theme: 'Ideas',
      year: 2024,
      origin: 'import',
      status: 'pending',
      submitter: { id: people.member.id, name: 'Ria member', email: people.member.email },
      reviewer: null,
      reviewedAt: null,
      item: null,
    })
    // No type given: a minifigure code is taken for a minifigure, anything else for a set.
    expect(await requestFor('sw1400')).toMatchObject({ type: 'minifig', theme: null, year: null })
    const named = await ask('member', [{ type: 'set', code: 'sw1401', name: '' }])
    expect(named.json()).toEqual({ created: 1, joined: 0 })
    expect(await requestFor('sw1401')).toMatchObject({ type: 'set', name: null })
  })

  it('takes up to 500 numbers a call', async () => {
    const many = Array.from({ length: 500 }, (_, index) => ({ code: `BULK${index}-1`, year: 2001 }))
    expect((await ask('member', many)).json()).toEqual({ created: 500, joined: 0 })
    const tooMany = await ask('member', [...many, { code: 'BULK500-1' }])
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toContain('At most 500 requests at a time')
  })

  it('refuses bad requests with messages, writing nothing', async () => {
    const before = await tableChecksums(context.database.db)
    const cases: Array<[unknown, string]> = [
      [[], 'Send at least one request'],
      ['75192', 'requests must be a list'],
      [[{ name: 'No number' }], 'Item number is required'],
      [[{ code: '   ' }], 'Item number is required'],
      [[{ code: '<script>' }], 'Item number may only contain letters, digits'],
      [[{ code: '1-1', type: 'part' }], "type must be 'set' or 'minifig'"],
      [[{ code: '1-1', name: 'x'.repeat(201) }], 'Name must be at most 200 characters'],
      [[{ code: '1-1', year: 1800 }], 'Year must be 1900 or later'],
      [[{ code: '1-1' }, { code: '2-1', theme: 'y'.repeat(101) }], 'Theme must be at most 100 characters'],
    ]
    for (const [requests, message] of cases) {
      const response = await ask('member', requests)
      expect(response.statusCode, JSON.stringify(requests)).toBe(400)
      expect(response.json().message, JSON.stringify(requests)).toContain(message)
    }
    expect(
      (await send('POST', '/api/item-requests', undefined, { requests: [{ code: '1-1' }] })).statusCode,
    ).toBe(401)
    expect(await tableChecksums(context.database.db)).toEqual(before)
  })
})

describe('reviewing requests', () => {
  it('shows the waiting requests, the oldest first, to moderators only', async () => {
    const refused = await send('GET', '/api/moderation/item-requests', 'member')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Only trusted members and admins can review item requests.')
    const { requests, total } = await pending()
    expect(total).toBeGreaterThanOrEqual(503)
    const created = requests.map((request) => request.createdAt)
    expect(created).toEqual([...created].sort())
    const bad = await send('GET', '/api/moderation/item-requests?status=done', 'trusted')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain("status must be 'pending', 'approved' or 'rejected'")
  })

  it('approves a request by adding the item, checked as a new item is, all or nothing', async () => {
    const request = await requestFor('910051-1')
    const url = `/api/item-requests/${request.id}/approve`
    const forbidden = await send('POST', url, 'member', approveBody('910051-1'))
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().message).toBe('Only trusted members and admins can review item requests.')

    const before = await tableChecksums(context.database.db)
    const noTheme = await send('POST', url, 'trusted', { ...approveBody('910051-1'), theme: '' })
    expect(noTheme.statusCode).toBe(400)
    expect(noTheme.json().message).toContain('Theme is required')
    // The number of an item already in the catalogue: the item is refused, and so is the approval.
    const taken = await send('POST', url, 'trusted', approveBody('75192-1'))
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe('A set with the number 75192-1 is already in the catalogue.')
    expect(await tableChecksums(context.database.db)).toEqual(before)

    // Cached before the approval: the new item must show up after it.
    const search = () => send('GET', '/api/search/items?query=910051')
    expect((await search()).json().results).toEqual([])

    const approved = await send('POST', url, 'trusted', { ...approveBody('910051-1'), pieces: 1203 })
    expect(approved.statusCode, approved.body).toBe(200)
    const { request: decided, item } = approvedItemRequestSchema.parse(approved.json())
    expect(item).toMatchObject({ type: 'set', number: '910051-1', name: 'Harbour Lighthouse', pieces: 1203 })
    expect(decided).toMatchObject({
      id: request.id,
      status: 'approved',
      reviewer: { id: people.trusted.id, email: people.trusted.email },
      item: { id: item.id, slug: item.slug, number: '910051-1' },
    })
    expect(decided.reviewedAt).not.toBeNull()
    expect((await send('GET', `/api/items/slug/${item.slug}`)).statusCode).toBe(200)
    expect((await search()).json().results.map((result: { id: number }) => result.id)).toEqual([item.id])

    const twice = await send('POST', url, 'trusted', approveBody('910051-2'))
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe('This request has already been approved.')
    expect((await pending()).requests.some((pendingOne) => pendingOne.id === request.id)).toBe(false)
    const approvedList = itemRequestListSchema.parse(
      (await send('GET', '/api/moderation/item-requests?status=approved', 'trusted')).json(),
    )
    expect(approvedList.requests.map((one) => one.id)).toContain(request.id)
  })

  it('rejects a request with a reason', async () => {
    const request = await requestFor('sw1400')
    const url = `/api/item-requests/${request.id}/reject`
    const noReason = await send('POST', url, 'trusted', { reason: '' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().message).toContain('Please give a reason')
    expect((await send('POST', url, 'other', { reason: 'No' })).statusCode).toBe(403)

    const rejected = await send('POST', url, 'trusted', { reason: 'Already in the catalogue as sw1400a.' })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(itemRequestSchema.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      notes: 'Already in the catalogue as sw1400a.',
      reviewer: { id: people.trusted.id },
    })
    const again = await send('POST', url, 'trusted', { reason: 'Twice' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This request has already been rejected.')
    const approveRejected = await send('POST', `/api/item-requests/${request.id}/approve`, 'trusted', {
      ...approveBody('sw1400'),
      type: 'minifig',
    })
    expect(approveRejected.statusCode).toBe(409)

    // Decided, the number may be asked for again.
    expect((await ask('other', [{ code: 'sw1400' }])).json()).toEqual({ created: 1, joined: 0 })
    const [row] = await queryRows<{ n: number }>(
      context.database.db,
      sql`select count(*)::int as n from item_requests where lower(code) = 'sw1400'`,
    )
    expect(row?.n).toBe(2)
  })

  it('answers 404 for a request that does not exist', async () => {
    for (const action of ['approve', 'reject']) {
      const response = await send('POST', `/api/item-requests/2000000000/${action}`, 'trusted', {
        ...approveBody('1-1'),
        reason: 'Gone',
      })
      expect(response.statusCode, action).toBe(404)
      expect(response.json().message).toBe('Item request not found')
    }
  })
})
