import { parentPort } from 'node:worker_threads'
import type { IndexFilters } from './items.index.filters.ts'
import { CatalogueIndex, type CatalogueRows, type IndexPage } from './items.index.ts'
import type { SearchTerms } from './items.search.ts'

/**
 * The search thread (items.search.threaded.ts): an index of its own, built from the rows of each catalogue
 * the app builds, answering searches of that catalogue. Messages are handled in the order they were sent, so a
 * search always finds the index of the catalogue it was asked of, or a newer one, which it tells.
 */

export type ToThread =
  | { type: 'catalogue'; version: number; rows: CatalogueRows }
  | { type: 'best'; id: number; version: number; terms: SearchTerms; limit: number }
  | {
      type: 'search'
      id: number
      version: number
      terms: SearchTerms
      filters: IndexFilters
      offset: number
      limit: number
    }

export type FromThread =
  | { type: 'ready'; version: number }
  | { type: 'answer'; id: number; page: IndexPage }
  /** The thread holds another catalogue than the one asked of: the app searches itself. */
  | { type: 'stale'; id: number }

let index: CatalogueIndex | undefined
let version = -1

const reply = (message: FromThread) => parentPort?.postMessage(message)

parentPort?.on('message', (message: ToThread) => {
  if (message.type === 'catalogue') {
    index = new CatalogueIndex(message.rows)
    version = message.version
    reply({ type: 'ready', version })
    return
  }
  if (!index || message.version !== version) {
    reply({ type: 'stale', id: message.id })
    return
  }
  const page =
    message.type === 'best'
      ? { ids: index.best(message.terms, message.limit), total: 0 }
      : index.search(message.terms, message.filters, message.offset, message.limit)
  reply({ type: 'answer', id: message.id, page })
})
