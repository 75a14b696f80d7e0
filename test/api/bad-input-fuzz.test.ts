import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { updateUserByEmail } from '#server/modules/admin/admin.repo.ts'
import {
  type FuzzRequest,
  type Operation,
  operationsOf,
  requestsFor,
} from '../support/request-arbitraries.ts'
import { sessionCookie, signUp, uniqueEmail } from '../support/session.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Every operation of the OpenAPI document (so a new endpoint is fuzzed without a change here), with
 * welcome and hostile path parameters, query strings and JSON bodies, as a signed-in user and as an
 * admin: the answer is never a 5xx, and a refused request (4xx) changes no table.
 *
 * FUZZ_RUNS (per operation and person, default 25) and FUZZ_SEED (default fixed, so CI is repeatable)
 * explore further: `FUZZ_RUNS=500 FUZZ_SEED=$RANDOM npx vitest run test/api/bad-input-fuzz.test.ts`.
 * A failure prints its seed and path; run again with them to get the same requests.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25)
const SEED = Number(process.env.FUZZ_SEED ?? 11_2026)

/** Signing out is no bad input: it would end the session the rest of the run signs in with. */
const ENDS_THE_SESSION = new Set(['/api/auth/logout', '/api/logout'])
/** A live stream never ends, so it cannot be injected; it takes no input (test/api/notification-stream.test.ts). */
const NEVER_ENDS = new Set(['/api/me/events'])

const context = setupTestApp()
const people = { user: { email: '', cookie: '' }, admin: { email: '', cookie: '' } }
type Who = keyof typeof people
let operations: Operation[] = []

beforeAll(async () => {
  for (const role of Object.keys(people) as Who[]) {
    const email = uniqueEmail(role)
    people[role] = { email, cookie: (await signUp(context.app, { email })).cookie }
    if (role === 'admin') await updateUserByEmail(context.database.db, email, { role: 'admin' })
  }
  // Rows for the small ids the fuzzer sends to name: entries of each person, pending and verified sales.
  for (const { cookie } of Object.values(people)) {
    for (const itemId of [1, 2, 3]) {
      const condition = itemId === 3 ? 'New' : 'New/Sealed'
      await send(cookie, {
        method: 'POST',
        url: '/api/collections',
        payload: JSON.stringify({ itemId, condition, pricePaid: '10' }),
      })
      await send(cookie, {
        method: 'POST',
        url: `/api/items/${itemId}/sales`,
        payload: JSON.stringify({
          price: '25',
          currency: 'GBP',
          condition,
          saleDate: new Date().toISOString().slice(0, 10),
          source: 'eBay',
        }),
      })
    }
  }
  const document = (await context.app.inject({ url: '/api/openapi.json' })).json()
  operations = operationsOf(document).filter(
    (operation) => !ENDS_THE_SESSION.has(operation.path) && !NEVER_ENDS.has(operation.path),
  )
})

function send(cookie: string, request: FuzzRequest) {
  return context.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: {
      cookie,
      ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
}

let signIns = 0
/**
 * Signs the person in again when a fuzzed request ended their session: a sign-up or sign-in sent with
 * it starts a new session in its place. From an address of its own, clear of the sign-in limits the
 * fuzzed sign-ins use up.
 */
async function keepSignedIn(who: Who) {
  const check = await context.app.inject({ url: '/api/auth/user', headers: { cookie: people[who].cookie } })
  if (check.statusCode === 200) return
  const login = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `10.11.0.${++signIns}`,
    payload: { email: people[who].email, password: 'correct horse battery' },
  })
  expect(login.statusCode, login.body).toBe(200)
  people[who].cookie = sessionCookie(login.headers['set-cookie'])
}

describe('every endpoint under arbitrary and hostile input', () => {
  it('finds the API’s operations in its OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30)
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toContain(
      'DELETE /api/collections/{id}',
    )
  })

  it.each(Object.keys(people) as Who[])(
    'answers 2xx or 4xx, never 5xx, and a refusal writes nothing (as %s)',
    async (who) => {
      const started = Date.now()
      const statuses = new Map<number, number>()
      for (const operation of operations) {
        await keepSignedIn(who)
        // Each request is compared with the state after the one before it: one snapshot per request.
        let last = await tableChecksums(context.database.db)
        await fc.assert(
          fc.asyncProperty(requestsFor(operation), async (request) => {
            const response = await send(people[who].cookie, request)
            const now = await tableChecksums(context.database.db)
            const before = last
            last = now
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
            const seen = `${request.method} ${request.url} ${request.payload ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`
            expect(response.statusCode, seen).toBeLessThan(500)
            if (response.statusCode >= 400) expect(now, `a refusal wrote: ${seen}`).toEqual(before)
          }),
          { numRuns: RUNS, seed: SEED },
        )
      }
      const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
      console.info(
        `fuzz as ${who}: ${operations.length} operations, ${RUNS} runs each, answers ${answers.join(' ')}, ` +
          `${Date.now() - started} ms (seed ${SEED})`,
      )
    },
    300_000,
  )
})
