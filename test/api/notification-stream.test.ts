import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { resumeAlertsPausedUntilNow } from '#server/modules/alerts/alerts.service.ts'
import { NotificationStreams, STREAMS_PER_USER } from '#server/modules/alerts/notification-streams.ts'
import { PRICES_EVENT_MS } from '#server/modules/alerts/watched-prices.ts'
import {
  ALERTS_EVENT,
  NOTIFICATION_EVENT,
  type Notification,
  notificationSchema,
  PRICES_EVENT,
  pricesEventSchema,
} from '#shared/contract/alerts.ts'
import { todayUtc } from '#shared/dates.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * GET /api/me/events (issue 13 parts 2 and 4) over a real socket: an alert fired by a sale arrives live as a
 * Server-Sent Event; signed out is 401; another user's firing is not sent; a reconnect's Last-Event-ID
 * gets what was missed; new prices of the items a user has alerts on arrive, gathered, and of no others.
 */
const context = setupTestApp()
let base: string
let people: Record<'owner' | 'other' | 'trusted' | 'watcher' | 'bystander', string>
let itemId: number
let sealed: number
let ownersAlert: number

beforeAll(async () => {
  base = await context.app.listen({ host: '127.0.0.1', port: 0 })
  people = await signUpPeople(context.app, context.database.db, [
    'owner',
    'other',
    'trusted',
    'watcher',
    'bystander',
  ])
  itemId = await createSet('SSE-1', 'Stream Station')
  const [row] = await queryRows<{ id: number }>(
    context.database.db,
    sql`select id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  sealed = (row as { id: number }).id
})

async function createSet(number: string, name: string): Promise<number> {
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie: people.trusted },
    payload: { type: 'set', number, name, theme: 'City', year: 2021, currency: 'GBP' },
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json().id as number
}

interface Stream {
  response: Response
  /** The next event named `name` (skipping comments and other events), or null when none comes within `ms`. */
  next(ms?: number, name?: string): Promise<{ id?: string; event?: string; data: string } | null>
  close(): Promise<void>
}

async function openStream(cookie: string | undefined, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController()
  const response = await fetch(`${base}/api/me/events`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...headers },
    signal: controller.signal,
  })
  const reader = response.body?.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null
  const next: Stream['next'] = async (ms = 5000, name = NOTIFICATION_EVENT) => {
    const deadline = Date.now() + ms
    for (;;) {
      const blocks = buffer.split('\n\n')
      while (blocks.length > 1) {
        const block = blocks.shift() as string
        buffer = blocks.join('\n\n')
        const fields: Record<string, string> = {}
        for (const line of block.split('\n')) {
          if (line === '' || line.startsWith(':')) continue
          const colon = line.indexOf(':')
          fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart()
        }
        if (fields.data !== undefined && fields.event === name) {
          return { id: fields.id, event: fields.event, data: fields.data }
        }
      }
      const left = deadline - Date.now()
      if (!reader || left <= 0) return null
      pending ??= reader.read()
      const result = await Promise.race([
        pending,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
      ])
      if (result === null) return null
      pending = null
      if (result.done) return null
      buffer += decoder.decode(result.value, { stream: true })
    }
  }
  return {
    response,
    next,
    close: async () => {
      controller.abort()
      await reader?.cancel().catch(() => {})
    },
  }
}

const setAlert = async (cookie: string, direction: 'below' | 'above', thresholdValue: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: { cookie },
    payload: { itemId, conditionId: sealed, currency: 'GBP', direction, thresholdValue },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as number
}
const recordSale = async (price: string, onItem = itemId) => {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/items/${onItem}/sales`,
    headers: { cookie: people.trusted },
    payload: { price, currency: 'GBP', conditionId: sealed, saleDate: todayUtc(), source: 'eBay' },
  })
  expect(response.statusCode, response.body).toBe(201)
  await pricesSettled(context.app)
}
const firedFor = (alertId: number) =>
  queryRows<{ id: number }>(context.database.db, sql`select id from alert_events where alert_id = ${alertId}`)

const open: Stream[] = []
afterAll(async () => {
  await Promise.all(open.map((stream) => stream.close()))
})

describe('GET /api/me/events', () => {
  it('answers 401 to a signed-out request, as JSON', async () => {
    const response = await fetch(`${base}/api/me/events`, { headers: { accept: 'text/event-stream' } })
    expect(response.status).toBe(401)
    expect((await response.json()).code).toBe('UNAUTHENTICATED')
  })

  it("sends the owner's alert fired by a sale live, and not another user's", async () => {
    const owners = await openStream(people.owner)
    const others = await openStream(people.other)
    open.push(owners, others)
    expect(owners.response.status).toBe(200)
    expect(owners.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(owners.response.headers.get('cache-control')).toContain('no-cache')

    ownersAlert = await setAlert(people.owner, 'above', '1000')
    const othersAlert = await setAlert(people.other, 'above', '100')

    // Only the other user's alert fires: the owner's stream stays quiet.
    await recordSale('500')
    await expect.poll(() => firedFor(othersAlert), { timeout: 10_000 }).toHaveLength(1)
    const theirs = await others.next(10_000)
    expect(theirs?.event).toBe('notification')
    expect(notificationSchema.parse(JSON.parse(theirs?.data ?? '')).alertId).toBe(othersAlert)
    expect(await owners.next(500)).toBeNull()

    // The fair price goes above 1000: the owner's alert fires and arrives.
    await recordSale('5000')
    await recordSale('5001')
    const event = await owners.next(10_000)
    expect(event?.event).toBe('notification')
    const notification: Notification = notificationSchema.parse(JSON.parse(event?.data ?? ''))
    expect(notification).toMatchObject({
      alertId: ownersAlert,
      direction: 'above',
      thresholdValue: '1000.00',
      currency: 'GBP',
      read: false,
      item: { id: itemId, number: 'SSE-1', name: 'Stream Station' },
    })
    expect(event?.id).toBe(String(notification.id))
    // Only once, and never the other user's.
    expect(await owners.next(500)).toBeNull()
    expect(await others.next(200)).toBeNull()
  })

  it('sends what a reconnect missed after its Last-Event-ID', async () => {
    const [first] = await firedFor(ownersAlert)
    const missed = (first as { id: number }).id
    const replay = await openStream(people.owner, { 'last-event-id': String(missed - 1) })
    open.push(replay)
    const event = await replay.next()
    expect(event?.id).toBe(String(missed))
    // Nothing after it; and from the latest id on, nothing is sent again.
    expect(await replay.next(300)).toBeNull()
    const fresh = await openStream(people.owner, { 'last-event-id': String(missed) })
    open.push(fresh)
    expect(await fresh.next(300)).toBeNull()
  })

  it('sends the new prices of the items the user has alerts on, at most every 2 seconds, and of no others', async () => {
    expect(PRICES_EVENT_MS).toBe(2_000)
    const watcher = await openStream(people.watcher)
    open.push(watcher)
    const unwatched = await createSet('SSE-2', 'Quiet Quarry')
    // The alert is set after the stream opened: the stream learns of it, and of no item before it.
    await recordSale('40')
    expect(await watcher.next(300, PRICES_EVENT)).toBeNull()
    const alertId = await setAlert(people.watcher, 'above', '90000')

    await recordSale('41')
    const first = await watcher.next(10_000, PRICES_EVENT)
    const firstAt = Date.now()
    expect(first?.id).toBeUndefined()
    expect(pricesEventSchema.parse(JSON.parse(first?.data ?? ''))).toEqual({ itemIds: [itemId] })
    // Nothing fired: the price moved without a notification.
    expect(await watcher.next(200)).toBeNull()

    // Two more recomputes soon after: gathered into one event, no sooner than 2 s after the first.
    await recordSale('42')
    await recordSale('43')
    const gathered = await watcher.next(10_000, PRICES_EVENT)
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(PRICES_EVENT_MS - 100)
    expect(pricesEventSchema.parse(JSON.parse(gathered?.data ?? ''))).toEqual({ itemIds: [itemId] })

    // An item without the user's alert, and the item once its alert is deleted, send nothing.
    await recordSale('44', unwatched)
    expect(await watcher.next(PRICES_EVENT_MS + 500, PRICES_EVENT)).toBeNull()
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${alertId}`,
      headers: { cookie: people.watcher },
    })
    expect(deleted.statusCode, deleted.body).toBe(204)
    await recordSale('45')
    expect(await watcher.next(PRICES_EVENT_MS + 500, PRICES_EVENT)).toBeNull()
  })

  it("tells every open stream of the user when their alerts change, in another tab or at a pause's end, and no one else", async () => {
    const [tab, otherTab, someoneElse] = await Promise.all([
      openStream(people.watcher),
      openStream(people.watcher),
      openStream(people.bystander),
    ])
    open.push(tab, otherTab, someoneElse)
    const alertId = await setAlert(people.watcher, 'below', '1')
    for (const stream of [tab, otherTab]) expect((await stream.next(5000, ALERTS_EVENT))?.data).toBe('{}')

    const change = (payload: object) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/alerts/${alertId}`,
        headers: { cookie: people.watcher },
        payload,
      })
    const paused = await change({ pausedUntil: new Date(Date.now() + 3_600_000).toISOString() })
    expect(paused.statusCode, paused.body).toBe(200)
    for (const stream of [tab, otherTab]) expect(await stream.next(5000, ALERTS_EVENT)).not.toBeNull()

    // The pause runs out: the job that resumes it tells the user's tabs too.
    await context.database.db.execute(
      sql`update alerts set paused_until = now() - interval '1 second' where id = ${alertId}`,
    )
    expect(await resumeAlertsPausedUntilNow({ db: context.database.db })).toBe(1)
    for (const stream of [tab, otherTab]) expect(await stream.next(5000, ALERTS_EVENT)).not.toBeNull()

    // A refused change (its own duplicate) changes nothing and says nothing.
    const again = await setAlert(people.watcher, 'below', '2')
    await tab.next(5000, ALERTS_EVENT)
    await otherTab.next(5000, ALERTS_EVENT)
    expect((await change({ thresholdValue: '2', currency: 'GBP' })).statusCode).toBe(409)
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${again}`,
      headers: { cookie: people.watcher },
    })
    expect(deleted.statusCode).toBe(204)
    expect(await tab.next(5000, ALERTS_EVENT)).not.toBeNull()
    expect(await tab.next(300, ALERTS_EVENT)).toBeNull()
    expect(await someoneElse.next(300, ALERTS_EVENT)).toBeNull()
  })

  it('refuses a user more than 10 open streams at once (429), and has room again once one closes', async () => {
    const streams = await Promise.all(Array.from({ length: 10 }, () => openStream(people.other)))
    open.push(...streams)
    // The other user's stream from the first test is open too: the tenth here is already one too many.
    expect(streams.map((stream) => stream.response.status).sort()).toEqual([...Array(9).fill(200), 429])
    const extra = await fetch(`${base}/api/me/events`, { headers: { cookie: people.other } })
    expect(extra.status).toBe(429)
    expect((await extra.json()).code).toBe('TOO_MANY_STREAMS')
    await streams.find((stream) => stream.response.status === 200)?.close()
    await expect
      .poll(async () => {
        const again = await openStream(people.other)
        open.push(again)
        return again.response.status
      })
      .toBe(200)
  })

  it('counts a stream the moment it is opened: handlers run one after the other in one turn find no room past the limit', async () => {
    const streams = new NotificationStreams({
      db: context.database.db,
      listen: context.app.listenTo,
      onError: (error) => {
        throw error
      },
    })
    const userId = randomUUID()
    const sink = { send: () => {}, sendPrices: () => {}, sendAlertsChanged: () => {}, end: () => {} }
    // As the route does, with nothing awaited between the check and the opening.
    const opening: Promise<() => void>[] = []
    for (let asked = 0; asked < STREAMS_PER_USER + 3; asked++) {
      if (streams.hasRoomFor(userId)) opening.push(streams.open(userId, sink, null))
    }
    expect(opening).toHaveLength(STREAMS_PER_USER)
    const closers = await Promise.all(opening)
    expect(streams.size).toBe(STREAMS_PER_USER)
    closers[0]?.()
    expect(streams.hasRoomFor(userId)).toBe(true)
    await streams.close()
  })
})
