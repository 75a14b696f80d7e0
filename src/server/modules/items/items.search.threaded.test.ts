import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { normalizeCode, normalizeName } from '#shared/text.ts'
import { CatalogueIndex, type CatalogueRows, type IndexPage } from './items.index.ts'
import { SearchThread, SearchThreads } from './items.search.threaded.ts'
import { type SearchTerms, searchTerms } from './items.search.ts'

const NAMES = [
  'Harbour Master',
  'Lighthouse Keeper',
  'Harbour Crane',
  'Police Station',
  'Fire Station',
  'Castle',
]

function rows(names: readonly string[]): CatalogueRows {
  const items = names.map((name, index) => ({
    id: index + 1,
    type: 'set' as const,
    number: `${1000 + index}-1`,
    normalizedName: normalizeName(name),
    normalizedCode: normalizeCode(`${1000 + index}-1`),
    theme: 'City',
    themeId: null,
    year: 2020 + index,
    pieces: 100 * (index + 1),
  }))
  return { items, listOrder: items.map((item) => item.id), aliases: [], links: [], themes: [] }
}

const errors: string[] = []
const log = { error: (_: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger
let thread: SearchThread | SearchThreads | undefined

afterEach(async () => {
  await thread?.close()
  thread = undefined
  errors.length = 0
})

/** `page` of the thread, and whether the app had to search itself. */
async function searched(
  on: SearchThread | SearchThreads,
  version: number,
  terms: SearchTerms,
  index: CatalogueIndex,
) {
  let here = false
  const page = await on.page(version, { type: 'best', terms, limit: 10 }, () => {
    here = true
    return { ids: index.best(terms, 10), total: 0 }
  })
  return { page, here }
}

/** `on`, set to search the catalogue of NAMES as version 1, once it holds it; and the app's own index of it. */
async function holdingNames(on: SearchThread | SearchThreads): Promise<CatalogueIndex> {
  thread = on
  const catalogue = rows(NAMES)
  on.publish(1, catalogue)
  await on.ready()
  return new CatalogueIndex(catalogue)
}

describe('SearchThread', () => {
  it('answers searches of the catalogue it holds as the app’s own index does', async () => {
    thread = new SearchThread(log)
    const index = await holdingNames(thread)
    for (const query of ['harbour', 'station', 'hrbour mastr', '1002', 'ca']) {
      const terms = searchTerms(query)
      const { page, here } = await searched(thread, 1, terms, index)
      expect(here, query).toBe(false)
      expect(page.ids, query).toEqual(index.best(terms, 10))
    }
    const filtered = await thread.page(
      1,
      { type: 'search', terms: searchTerms('station'), filters: { year: 2023 }, offset: 0, limit: 5 },
      () => ({ ids: [], total: -1 }),
    )
    expect(filtered).toEqual(index.search(searchTerms('station'), { year: 2023 }, 0, 5))
  }, 30_000)

  it('shares searches out among a thread per core, each holding the catalogue', async () => {
    const threads = new SearchThreads(log, 2)
    const index = await holdingNames(threads)
    const terms = searchTerms('statoin')
    const many = await Promise.all(Array.from({ length: 20 }, () => searched(threads, 1, terms, index)))
    for (const { page, here } of many) {
      expect(here).toBe(false)
      expect(page.ids).toEqual(index.best(terms, 10))
    }
    expect(threads.answered).toEqual({ thread: 20, here: 0 })
  }, 30_000)

  it('leaves a search of another catalogue than the one it holds to the app', async () => {
    thread = new SearchThread(log)
    thread.publish(1, rows(NAMES))
    await thread.ready()
    const newer = new CatalogueIndex(rows([...NAMES, 'Harbour Tower']))
    const { page, here } = await searched(thread, 2, searchTerms('harbour'), newer)
    expect(here).toBe(true)
    expect(page.ids).toHaveLength(3)
  }, 30_000)

  it('sends the searches asked for at one moment together, after a catalogue published meanwhile', async () => {
    const on = new SearchThread(log)
    const index = await holdingNames(on)
    // Asked for in one turn of the event loop, they reach the thread in one message, and after the catalogue
    // published in that turn: the thread then holds another catalogue than theirs, so the app answers them.
    const asked = [
      searched(on, 1, searchTerms('harbour'), index),
      searched(on, 1, searchTerms('station'), index),
    ]
    const newer = rows([...NAMES, 'Harbour Tower'])
    on.publish(2, newer)
    expect(await Promise.all(asked)).toEqual([
      { page: { ids: index.best(searchTerms('harbour'), 10), total: 0 }, here: true },
      { page: { ids: index.best(searchTerms('station'), 10), total: 0 }, here: true },
    ])
    await on.ready()
    const newerIndex = new CatalogueIndex(newer)
    const together = await Promise.all([
      searched(on, 2, searchTerms('harbour'), newerIndex),
      searched(on, 2, searchTerms('statoin'), newerIndex),
    ])
    expect(together).toEqual([
      { page: { ids: newerIndex.best(searchTerms('harbour'), 10), total: 0 }, here: false },
      { page: { ids: newerIndex.best(searchTerms('statoin'), 10), total: 0 }, here: false },
    ])
    expect(together[0]?.page.ids).toHaveLength(3)
    expect(on.answered).toEqual({ thread: 2, here: 2 })
  }, 30_000)

  it('answers the searches of one batch as they are found, not once the whole batch is searched', async () => {
    // Fuzzy searches of thousands of names, 40 in one message: the batch takes the thread tens of milliseconds.
    const names = Array.from(
      { length: 20_000 },
      (_, n) => `Harbour ${['Master', 'Crane', 'Tower'][n % 3]} ${n}`,
    )
    thread = new SearchThread(log)
    const catalogue = rows(names)
    thread.publish(1, catalogue)
    await thread.ready()
    const index = new CatalogueIndex(catalogue)
    const terms = searchTerms('harbr mastr 1')
    const answeredAt: number[] = []
    const asked = Array.from({ length: 40 }, () =>
      searched(thread as SearchThread, 1, terms, index).then((search) => {
        answeredAt.push(performance.now())
        return search
      }),
    )
    const started = performance.now()
    const answers = await Promise.all(asked)
    const first = (answeredAt[0] as number) - started
    const last = (answeredAt[answeredAt.length - 1] as number) - started
    expect(last).toBeGreaterThan(10)
    // Sent all at once, every answer would arrive in the same moment, at the end.
    expect(first).toBeLessThan(last / 2)
    for (const { page, here } of answers) {
      expect(here).toBe(false)
      expect(page.ids).toEqual(index.best(terms, 10))
    }
  }, 30_000)

  it('searches in the app while the thread is busy, and when it fails; a new thread takes over', async () => {
    thread = new SearchThread(log)
    const index = await holdingNames(thread)
    const terms = searchTerms('harbour')
    const many = await Promise.all(
      Array.from({ length: 60 }, () => searched(thread as SearchThread, 1, terms, index)),
    )
    expect(many.filter((search) => search.here).length).toBeGreaterThan(0)
    expect(many.filter((search) => !search.here).length).toBeGreaterThan(0)
    for (const { page } of many) expect(page.ids).toEqual(index.best(terms, 10))

    // Terms the thread cannot read end it: the search is done here, and a new thread is started.
    const broken = await thread.page(
      1,
      { type: 'best', terms: null as unknown as SearchTerms, limit: 10 },
      () =>
        ({
          ids: [42],
          total: 0,
        }) satisfies IndexPage,
    )
    expect(broken.ids).toEqual([42])
    expect(errors).toContain('search thread failed; searching here meanwhile')
    await thread.ready()
    const { here } = await searched(thread, 1, terms, index)
    expect(here).toBe(false)
  }, 30_000)
})
