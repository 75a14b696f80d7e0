import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostgresListener } from '#server/db/listener.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts'

/** The listening connection of `db/listener.ts`, on PostgreSQL: what ADR 034's session cache relies on. */
let database: TestDatabase
let admin: pg.Client

beforeAll(async () => {
  database = await createTestDatabase()
  admin = new pg.Client({ connectionString: database.url })
  await admin.connect()
}, 60_000)

afterAll(async () => {
  await admin?.end()
  await database?.close()
})

describe('PostgresListener.caughtUp', () => {
  it('hears what was notified before it, and is not caught up after losing its connection until it has reconnected', async () => {
    const url = new URL(database.url as string)
    url.searchParams.set('application_name', 'listener_test')
    const listener = new PostgresListener(url.toString(), 5000)
    const heard: string[] = []
    let reconnections = 0
    await listener.listen(
      'listener_test',
      (payload) => heard.push(payload),
      () => reconnections++,
    )
    const caughtUp = () =>
      (listener.listen.caughtUp as () => Promise<void>)().then(
        () => 'caught up',
        () => 'not caught up',
      )
    try {
      await admin.query(`select pg_notify('listener_test', 'one')`)
      expect(await caughtUp()).toBe('caught up')
      expect(heard).toEqual(['one'])

      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'listener_test'`,
      )
      // Told meanwhile, and so lost: until the reconnection has told its subscriber, it is never caught up.
      await admin.query(`select pg_notify('listener_test', 'lost')`)
      await expect.poll(caughtUp).toBe('not caught up')
      // Asking does not reconnect it (the listener tries again half a second after the loss).
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await caughtUp()).toBe('not caught up')
      expect(reconnections).toBe(0)
      await expect.poll(() => reconnections, { timeout: 10_000 }).toBe(1)

      await admin.query(`select pg_notify('listener_test', 'two')`)
      expect(await caughtUp()).toBe('caught up')
      expect(heard).toEqual(['one', 'two'])
    } finally {
      await listener.close()
    }
  })
})
