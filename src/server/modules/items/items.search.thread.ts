import { parentPort } from 'node:worker_threads'
import type { IndexFilters } from './items.index.filters.ts'
import { CatalogueIndex, type CatalogueRows, type IndexPage } from './items.index.ts'
import type { SearchTerms } from './items.search.ts'

/**
 * The search thread (items.search.threaded.ts): an index of its own, built from the rows of each catalogue
 * the app builds, answering searches of that catalogue. Messages are handled in the order they were sent, so a
 * search always finds the index of the catalogue it was asked of, or a newer one, which it tells.
 */

/** A search: the quick search box's first page, or a page of the search with filters. */
export type SearchTask =
  | { type: 'best'; terms: SearchTerms; limit: number }
  | { type: 'search'; terms: SearchTerms; filters: IndexFilters; offset: number; limit: number }

/** A search of the catalogue of `version`, answered under `id`. */
export interface ThreadSearch {
  id: number
  version: number
  task: SearchTask
}

export type ToThread =
  | { type: 'catalogue'; version: number; rows: CatalogueRows }
  /** Searches asked for at about the same moment, answered together. */
  | { type: 'searches'; searches: ThreadSearch[] }

export type FromThread =
  | { type: 'ready'; version: number }
  /** Without a page when the thread holds another catalogue than the one asked of: the app searches itself. */
  | { type: 'answers'; answers: Array<{ id: number; page: IndexPage | undefined }> }

/** How long found answers wait for the rest of their batch at most (besides the search under way). */
const ANSWER_EVERY_MS = 1

let index: CatalogueIndex | undefined
let version = -1

const reply = (message: FromThread) => parentPort?.postMessage(message)

function pageOf(search: ThreadSearch): IndexPage | undefined {
  if (!index || search.version !== version) return undefined
  const { task } = search
  return task.type === 'best'
    ? { ids: index.best(task.terms, task.limit), total: 0 }
    : index.search(task.terms, task.filters, task.offset, task.limit)
}

parentPort?.on('message', (message: ToThread) => {
  if (message.type === 'catalogue') {
    index = new CatalogueIndex(message.rows)
    version = message.version
    reply({ type: 'ready', version })
    return
  }
  // The answers found are sent every millisecond or so rather than once the whole batch is searched: one slow
  // search (a long fuzzy one takes a few ms) no longer holds up the quick ones asked with it.
  let answers: Array<{ id: number; page: IndexPage | undefined }> = []
  let since = performance.now()
  for (const search of message.searches) {
    answers.push({ id: search.id, page: pageOf(search) })
    const now = performance.now()
    if (now - since < ANSWER_EVERY_MS) continue
    reply({ type: 'answers', answers })
    answers = []
    since = now
  }
  if (answers.length > 0) reply({ type: 'answers', answers })
})
