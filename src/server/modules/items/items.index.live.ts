import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { READ_CACHE_CHANNEL } from '#server/lib/read-cache.ts'
import type { Item, ItemDetail } from '#shared/contract/catalogue.ts'
import { CATALOGUE_SCOPE } from './items.cache.ts'
import { CatalogueDetails } from './items.index.details.ts'
import {
  aliasRows,
  type CatalogueLoad,
  catalogueChanges,
  itemIds,
  linkRows,
  loadCatalogue,
  orders,
  priceRows,
  slugTaken,
  type TableCounts,
  themeRows,
} from './items.index.repo.ts'
import { Catalogue, itemRows, type StoredItem } from './items.index.rows.ts'
import { CatalogueIndex } from './items.index.ts'
import { SearchThreads } from './items.search.threaded.ts'

/** After a failed refresh, reads keep the catalogue they have for this long before one tries again. */
const RETRY_AFTER_MS = 1000

/** The rows the catalogue was built from, kept to apply changes to. */
type Kept = Omit<CatalogueLoad, 'items'> & { items: Map<number, StoredItem>; rows: Map<number, Item> }

/**
 * This instance's catalogue in memory, kept current (ADR 021). A change — made here or announced by another
 * instance — is told with `changed()`; the catalogue then reads only what was written since it last read (by
 * transaction id, items.index.repo.ts) and builds its index anew if anything it holds changed. A read asks for
 * `current()`, which waits for that catch-up, so that a change is in the next answer. Were the refresh to fail,
 * reads keep the catalogue they have (and one tries again a second later) rather than fail.
 */
export class LiveCatalogue {
  private catalogue: Catalogue | undefined
  private kept: Kept | undefined
  /** Changes told, and how many of them the catalogue has caught up with. */
  private told = 0
  private caughtUp = 0
  private catchingUp: Promise<void> | undefined
  /** When the last catch-up failed, while the next has not succeeded. */
  private failedAt: number | undefined

  /** Catalogues built so far: each one's number, for the search thread. */
  private versions = 0

  constructor(
    private readonly options: {
      db: Database
      log: FastifyBaseLogger
      /** Searches on threads of their own (ADR 025); without them, on the event loop. */
      searchThreads?: SearchThreads
    },
  ) {}

  /** Resolves once the search thread, if any, holds the current catalogue. */
  async searchThreadReady(): Promise<void> {
    await this.current()
    await this.options.searchThreads?.ready()
  }

  /** Searches the search thread answered, and those the request's own thread did; none without a thread. */
  get searchesAnswered(): { thread: number; here: number } {
    return this.options.searchThreads?.answered ?? { thread: 0, here: 0 }
  }

  /** Stops the search thread, if any. */
  async close(): Promise<void> {
    await this.options.searchThreads?.close()
  }

  /** Reads the whole catalogue (at start). */
  async load(): Promise<void> {
    await this.catchUp()
  }

  /** Something in the catalogue changed: the catalogue catches up now, and reads wait for it. */
  changed(): void {
    this.told++
    if (this.catalogue) this.catchUp().catch(() => {}) // logged in catchUpNow; reads see the failure themselves
  }

  /**
   * The catalogue with every change told so far. While the database fails, the last one read, at once: reads
   * do not wait on a database that does not answer, and one tries again each second.
   */
  async current(): Promise<Catalogue> {
    const catalogue = this.catalogue
    if (catalogue && this.caughtUp === this.told) return catalogue
    if (catalogue && this.failedAt !== undefined) {
      if (performance.now() - this.failedAt >= RETRY_AFTER_MS) this.catchUp().catch(() => {})
      return catalogue
    }
    try {
      await this.catchUp()
    } catch (error) {
      if (!catalogue) throw error
    }
    return this.catalogue ?? (catalogue as Catalogue)
  }

  /**
   * These items as the API shows them. An id not read yet (an item another instance has just created, its
   * announcement on the way) makes the catalogue catch up first: the item's row is committed, since a row
   * naming it was read, so the catch-up finds it.
   */
  async itemsById(ids: readonly number[]): Promise<ReadonlyMap<number, Item>> {
    let catalogue = await this.current()
    if (ids.some((id) => !catalogue.item(id))) {
      this.changed()
      catalogue = await this.current()
    }
    return new Map(
      ids.map((id) => {
        const item = catalogue.item(id)
        if (!item) throw new Error(`Item ${id} is not in the catalogue after catching up`)
        return [id, item]
      }),
    )
  }

  /**
   * The page of the item with this slug, or undefined when no item has it. A slug not read yet (an item another
   * instance has just created, its announcement on the way) is looked up in the database, and when an item has
   * it the catalogue catches up first; an unknown slug costs that one lookup, never a catch-up.
   */
  async page(slug: string): Promise<ItemDetail | undefined> {
    const page = (await this.current()).page(slug)
    if (page || !(await slugTaken(this.options.db, slug))) return page
    this.changed()
    return (await this.current()).page(slug)
  }

  private catchUp(): Promise<void> {
    this.catchingUp ??= this.catchUpNow().finally(() => {
      this.catchingUp = undefined
    })
    return this.catchingUp
  }

  private async catchUpNow(): Promise<void> {
    while (!this.catalogue || this.caughtUp < this.told) {
      const told = this.told
      try {
        if (this.kept) await this.refresh(this.kept)
        else await this.loadAll()
      } catch (error) {
        this.failedAt = performance.now()
        this.options.log.warn({ err: error }, 'catalogue: changes not read; answering from what it had')
        throw error
      }
      this.failedAt = undefined
      this.caughtUp = told
    }
  }

  private async loadAll(): Promise<void> {
    const started = performance.now()
    const loaded = await loadCatalogue(this.options.db)
    const read = performance.now()
    const items = new Map(loaded.items.map((item) => [item.id, item]))
    const rows = itemRows(items, loaded.themes, loaded.prices)
    this.kept = { ...loaded, items, rows }
    this.catalogue = this.catalogueOf(this.kept)
    this.options.log.info(
      {
        items: items.size,
        readMs: Math.round(read - started),
        buildMs: Math.round(performance.now() - read),
      },
      'catalogue loaded into memory',
    )
  }

  /** Applies what was written since the last read, all read in one snapshot (a repeatable-read transaction). */
  private async refresh(kept: Kept): Promise<void> {
    const read = await this.options.db.transaction(
      async (tx) => {
        const changes = await catalogueChanges(tx, kept.horizon)
        const written = changes.items.filter((item) => {
          const before = kept.items.get(item.id)
          return !before || !sameItem(before, item)
        })
        const added = written.filter((item) => !kept.items.has(item.id)).length
        // A new item, or a new number or year, moves in the lists' order (the database's collation sorts).
        const moved = written.some((item) => {
          const before = kept.items.get(item.id)
          return !before || before.number !== item.number || before.year !== item.year
        })
        const reread = (table: Exclude<keyof TableCounts, 'items'>) =>
          changes.written[table] || changes.counts[table] !== kept.counts[table]
        return {
          changes,
          written,
          // With the written items in, every item there is is kept: more kept means some were deleted.
          ids: kept.items.size + added !== changes.counts.items ? await itemIds(tx) : undefined,
          orders: moved ? await orders(tx) : undefined,
          aliases: reread('aliases') ? await aliasRows(tx) : undefined,
          links: reread('links') ? await linkRows(tx) : undefined,
          themes: reread('themes') ? await themeRows(tx) : undefined,
          prices: reread('prices') ? await priceRows(tx) : undefined,
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    const items = new Map(kept.items)
    for (const item of read.written) items.set(item.id, item)
    if (read.ids) {
      const ids = new Set(read.ids)
      for (const id of items.keys()) if (!ids.has(id)) items.delete(id)
    }
    const next: Kept = {
      items,
      rows: kept.rows,
      listOrder: read.orders?.listOrder ?? kept.listOrder,
      numberOrder: read.orders?.numberOrder ?? kept.numberOrder,
      aliases: read.aliases ?? kept.aliases,
      links: read.links ?? kept.links,
      themes: read.themes ?? kept.themes,
      prices: read.prices ?? kept.prices,
      horizon: read.changes.horizon,
      counts: read.changes.counts,
    }
    this.kept = next
    const changed =
      read.written.length > 0 || read.ids || read.aliases || read.links || read.themes || read.prices
    if (!changed) return
    // Unchanged items keep their answer objects unless their themes or prices changed.
    next.rows = itemRows(
      items,
      next.themes,
      next.prices,
      read.themes || read.prices
        ? undefined
        : { rows: kept.rows, changed: read.written.map((item) => item.id) },
    )
    this.catalogue = this.catalogueOf(next)
  }

  /** The catalogue of these rows, also built by the search thread. */
  private catalogueOf(kept: Kept): Catalogue {
    const rows = { ...kept, items: [...kept.items.values()] }
    const details = new CatalogueDetails(kept, (id) => kept.rows.get(id))
    const threads = this.options.searchThreads
    if (!threads) return new Catalogue(new CatalogueIndex(rows), kept.rows, details)
    const version = ++this.versions
    threads.publish(version, rows)
    return new Catalogue(new CatalogueIndex(rows), kept.rows, details, { threads, version })
  }
}

function sameItem(a: StoredItem, b: StoredItem): boolean {
  return (Object.keys(a) as (keyof StoredItem)[]).every((key) => a[key] === b[key])
}

/**
 * The app's catalogue (`app.catalogue`): loaded when the app is ready, and told of every catalogue change —
 * this instance's own at once (the read cache's `onForget`, before the write answers), other instances'
 * through READ_CACHE_CHANNEL, and all of them again if the listening connection was lost meanwhile.
 */
export function followCatalogue(
  app: FastifyInstance,
  { searchThread }: { searchThread: boolean },
): LiveCatalogue {
  const catalogue = new LiveCatalogue({
    db: app.db,
    log: app.log,
    searchThreads: searchThread ? new SearchThreads(app.log) : undefined,
  })
  const told = (scope: string) => {
    if (scope === '' || scope === CATALOGUE_SCOPE) catalogue.changed()
  }
  app.readCache.onForget(told)
  let unlisten: (() => Promise<void>) | undefined
  app.addHook('onReady', async () => {
    // Listening first: a change made while the catalogue loads is caught up with after it.
    unlisten = await app
      .listenTo(READ_CACHE_CHANNEL, told, () => catalogue.changed())
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'catalogue: not told of other instances’ changes')
        return undefined
      })
    await catalogue.load()
  })
  app.addHook('onClose', async () => {
    await unlisten?.()
    await catalogue.close()
  })
  return catalogue
}
