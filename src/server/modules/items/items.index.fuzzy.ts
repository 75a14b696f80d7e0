import type { TrigramPostings } from './items.index.postings.ts'
import {
  roundedTenths,
  runSimilarity,
  trigramRatio,
  uniqueTrigrams,
  WORD_SIMILARITY_THRESHOLD,
} from './items.trigrams.ts'

/**
 * pg_trgm's `query <% name` over the posting lists: the names whose word similarity to the query reaches 0.6,
 * scored `round(word_similarity(query, name), 1)` in tenths. Measuring a name costs a few microseconds, so a
 * query first finds its candidates (`slots`) with the most each could score (`bounds`); its caller measures all
 * of them when it must count every match, or only those that could still make the page (CatalogueIndex).
 * `end()` must follow: the query numbers trigrams in arrays it shares with the next one.
 */
export class FuzzyQuery {
  readonly slots: number[]
  /** Per candidate, the tenths it scores at most: its share of the query's trigrams. */
  readonly bounds: number[]
  private readonly size: number
  private readonly numbered: number[] = []
  private nextLocal: number

  constructor(
    private readonly postings: TrigramPostings,
    private readonly scratch: FuzzyScratch,
    name: string,
  ) {
    const query = uniqueTrigrams(name)
    this.size = query.length
    this.nextLocal = query.length
    // runSimilarity's numbering: the query's trigrams 0…n-1, the names' others from n on as they are met.
    query.forEach((key, index) => {
      const id = postings.idOf(key)
      if (id === undefined) return
      scratch.local[id] = index
      this.numbered.push(id)
    })
    ;({ slots: this.slots, bounds: this.bounds } = this.candidates(
      [...this.numbered],
      Math.ceil(WORD_SIMILARITY_THRESHOLD * query.length - 1e-9),
    ))
  }

  /** `round(word_similarity(query, name), 1)` in tenths, or -1 when under pg_trgm's threshold (0.6). */
  score(slot: number): number {
    const { local, sequence } = this.scratch
    const trigrams = this.postings.sequenceOf(slot)
    for (let i = 0; i < trigrams.length; i++) {
      const id = trigrams[i] as number
      if (local[id] === -1) {
        local[id] = this.nextLocal++
        this.numbered.push(id)
      }
      sequence[i] = local[id] as number
    }
    const lastPosition = this.scratch.lastPositions(this.nextLocal)
    const similarity = runSimilarity(sequence, trigrams.length, this.size, lastPosition)
    return similarity >= WORD_SIMILARITY_THRESHOLD ? roundedTenths(similarity) : -1
  }

  end(): void {
    for (const id of this.numbered) this.scratch.local[id] = -1
  }

  /**
   * Slots whose name has at least `needed` of these trigrams (word similarity is at most that share, so no
   * other name reaches 0.6). One that has none of the shortest `lists - needed + 1` lists' trigrams has at most
   * `needed - 1`: those lists are gone through, and the others (a trigram such as '  s' starts thousands of
   * names) only asked about the slots found in them.
   */
  private candidates(ids: number[], needed: number): { slots: number[]; bounds: number[] } {
    const { postings } = this
    ids.sort((a, b) => postings.postingLength(a) - postings.postingLength(b))
    const leading = ids.length - needed + 1
    if (needed <= 0 || leading <= 0) return { slots: [], bounds: [] }
    const counts = this.scratch.counts
    const found: number[] = []
    for (const id of ids.slice(0, leading)) {
      const list = postings.postingsOf(id)
      for (let i = 0; i < list.length; i++) {
        const slot = list[i] as number
        const count = counts[slot] as number
        if (count === 0) found.push(slot)
        counts[slot] = count + 1
      }
    }
    let kept = found.length
    for (let index = leading; index < ids.length; index++) {
      const id = ids[index] as number
      const list = postings.postingsOf(id)
      const bits = postings.bitsetOf(id)
      if (!bits || list.length <= kept) {
        // Short enough to go through: only the slots already found can still reach `needed`.
        for (let i = 0; i < list.length; i++) {
          const slot = list[i] as number
          const count = counts[slot] as number
          if (count > 0) counts[slot] = count + 1
        }
        continue
      }
      // Long: asked about each slot that can still reach `needed`; the others are dropped.
      const left = ids.length - index
      let keep = 0
      for (let i = 0; i < kept; i++) {
        const slot = found[i] as number
        const count = counts[slot] as number
        if (count + left < needed) {
          counts[slot] = 0
          continue
        }
        if (((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0) counts[slot] = count + 1
        found[keep++] = slot
      }
      kept = keep
    }
    const slots: number[] = []
    const bounds: number[] = []
    for (let i = 0; i < kept; i++) {
      const slot = found[i] as number
      const count = counts[slot] as number
      if (count >= needed) {
        slots.push(slot)
        bounds.push(roundedTenths(trigramRatio(count, this.size, count)))
      }
      counts[slot] = 0
    }
    return { slots, bounds }
  }
}

/** Arrays the fuzzy queries of one index reuse, each left as found (a search runs start to end at once). */
export class FuzzyScratch {
  /** Shared trigrams per slot, 0. */
  readonly counts: Uint16Array
  /** runSimilarity's number for each trigram id, -1. */
  readonly local: Int32Array
  /** One name's trigrams renumbered. */
  readonly sequence: Int32Array
  private lastPosition = new Int32Array(0)

  constructor(postings: TrigramPostings, slots: number) {
    this.counts = new Uint16Array(slots)
    this.local = new Int32Array(postings.trigrams).fill(-1)
    this.sequence = new Int32Array(postings.longest)
  }

  /** runSimilarity's scratch, all -1, for numbers below `size`. */
  lastPositions(size: number): Int32Array {
    if (this.lastPosition.length < size) this.lastPosition = new Int32Array(size * 2).fill(-1)
    return this.lastPosition
  }
}
