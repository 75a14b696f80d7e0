import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { LiveCatalogue } from './items.index.live.ts'
import { searchTerms } from './items.search.ts'

// An item as items.index.repo.ts reads it: index columns, then the answer's own.
const item = (id: number, name: string) => [
  id,
  'set',
  `${id}-1`,
  name.toLowerCase(),
  `${id}-1`,
  'City',
  null,
  2024,
  100,
  name,
  `${id}-1-${name.toLowerCase()}`,
  null,
  null,
  null,
  null,
  '2026-11-26T10:00:00.000Z',
  null,
  null,
]

const empty = '[]'
const LOADED = {
  horizon: '100',
  items: JSON.stringify([item(1, 'Harbour'), item(2, 'Lighthouse')]),
  order: JSON.stringify([
    [1, 2],
    [1, 2],
  ]),
  aliases: empty,
  links: empty,
  themes: empty,
  prices: empty,
}
const RENAMED = {
  horizon: '101',
  items: JSON.stringify([item(2, 'Beacon')]),
  itemCount: 2,
  ...Object.fromEntries(
    ['aliases', 'links', 'themes', 'prices'].flatMap((table) => [
      [`${table}Count`, 0],
      [`${table}Written`, false],
    ]),
  ),
}

/** A database that answers the load, then the change query, and fails while `down`. */
function fakeDatabase() {
  const state = { down: false, reads: 0 }
  const answer = async () => {
    if (state.down) throw new Error('connection refused')
    state.reads++
    return { rows: [state.reads === 1 ? LOADED : RENAMED] }
  }
  const db = {
    execute: answer,
    transaction: async (work: (tx: unknown) => Promise<unknown>) => work(db),
  }
  return { db: db as unknown as Database, state }
}

const warnings: string[] = []
const log = { info: () => {}, warn: (_: unknown, message: string) => warnings.push(message) }
const names = async (catalogue: LiveCatalogue) => {
  const current = await catalogue.current()
  return current.items(current.index.list({}, 0, 10).ids).map((row) => row.name)
}

describe('LiveCatalogue', () => {
  it('catches up with a change before the next read answers', async () => {
    const { db } = fakeDatabase()
    const catalogue = new LiveCatalogue({ db, log: log as unknown as FastifyBaseLogger })
    await catalogue.load()
    expect(await names(catalogue)).toEqual(['Harbour', 'Lighthouse'])
    catalogue.changed()
    expect(await names(catalogue)).toEqual(['Harbour', 'Beacon'])
    const current = await catalogue.current()
    expect(current.index.best(searchTerms('beacon'), 10)).toEqual([2])
  })

  it('answers from what it has while the database cannot be read, and catches up once it can', async () => {
    const { db, state } = fakeDatabase()
    const catalogue = new LiveCatalogue({ db, log: log as unknown as FastifyBaseLogger })
    await catalogue.load()
    state.down = true
    catalogue.changed()
    expect(await names(catalogue)).toEqual(['Harbour', 'Lighthouse'])
    expect(warnings).toContain('catalogue: changes not read; answering from what it had')
    state.down = false
    catalogue.changed() // as when the listener comes back: the catch-up runs, reads meanwhile do not wait
    await vi.waitFor(async () => expect(await names(catalogue)).toEqual(['Harbour', 'Beacon']))
  })

  it('fails a read when it has never loaded', async () => {
    const { db, state } = fakeDatabase()
    state.down = true
    const catalogue = new LiveCatalogue({ db, log: log as unknown as FastifyBaseLogger })
    await expect(catalogue.current()).rejects.toThrow('connection refused')
  })
})
