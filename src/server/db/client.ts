import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import { type Listen, PostgresListener } from './listener.ts'
import { createPool } from './pool.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Database
  driver: 'pglite' | 'postgres'
  /** LISTEN for notifications (NOTIFY / pg_notify) on a channel: the recompute queue, new alert events. */
  listen: Listen
  close: () => Promise<void>
}

export type DatabaseOptions =
  | {
      driver: 'postgres'
      url: string
      poolMax?: number
      /** How long a request waits for a connection (a new one, or a free one of the pool) before it fails. */
      connectTimeoutMs?: number
    }
  /** `dataDir` undefined means in memory; `loadDataDir` starts from a dumped data directory. */
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob }

const drizzleOptions = { schema, casing: 'snake_case' } as const

/** The PostgreSQL connection pool under a database, or undefined on PGlite (one connection, no pool). */
export function postgresPool(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client: unknown }).$client
  return client instanceof pg.Pool ? client : undefined
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'postgres') {
    const pool = createPool({
      url: options.url,
      max: options.poolMax ?? 10,
      connectTimeoutMs: options.connectTimeoutMs ?? 5000,
    })
    // Fail fast with a clear error when the server is unreachable, instead of at the first request.
    try {
      const probe = await pool.connect()
      probe.release()
    } catch (error) {
      await pool.end()
      throw error
    }
    const listener = new PostgresListener(options.url, options.connectTimeoutMs ?? 5000)
    return {
      db: drizzleNodePg(pool, drizzleOptions) as unknown as Database,
      driver: 'postgres',
      listen: listener.listen,
      close: async () => {
        await listener.close()
        await pool.end()
      },
    }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  // One process at a time in a data directory: PGlite itself would let a second one in to lose its writes.
  const release = options.dataDir ? await lockDataDir(options.dataDir) : () => {}
  let client: PGlite
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
    })
  } catch (error) {
    release()
    throw error
  }
  return {
    db: drizzlePglite(client, drizzleOptions) as unknown as Database,
    driver: 'pglite',
    // One connection in one process: a NOTIFY inside it reaches its own listeners.
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler)
      return () => unlisten()
    },
    close: async () => {
      try {
        await client.close()
      } finally {
        release()
      }
    },
  }
}

/** NOTIFY every listener of `channel`, in every instance (this one included), once it commits. */
export async function notify(db: Pick<Database, 'execute'>, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`)
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}
