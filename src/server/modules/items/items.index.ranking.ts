import type { FuzzyQuery } from './items.index.fuzzy.ts'

/** ADR 003's ranks: exact number or alias, number prefix, name. */
export const EXACT = 0
export const NUMBER_PREFIX = 1
export const NAME = 2

/** Its scores, in tenths: the whole phrase in the name, every word in it, any other match. */
export const PHRASE_SCORE = 25
export const WORDS_SCORE = 20
export const PLAIN_SCORE = 10

/**
 * The matches of one search, each item (slot) once with its best rank and score — the SQL's `min(rank),
 * max(score)` over every way it matched — and a sort key: rank, then score (highest first), then the slot
 * (slots are numbered in the tie order). Scratch arrays sized to the catalogue, reused: a search runs start to
 * end without yielding, so two never share them.
 */
export class Hits {
  readonly slots: number[] = []
  private readonly stamps: Uint32Array
  private readonly ranks: Uint8Array
  private readonly scores: Uint8Array
  private generation = 0

  constructor(private readonly size: number) {
    this.stamps = new Uint32Array(size)
    this.ranks = new Uint8Array(size)
    this.scores = new Uint8Array(size)
  }

  begin(): void {
    this.slots.length = 0
    this.generation++
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0)
      this.generation = 1
    }
  }

  add(slot: number, rank: number, score: number): void {
    if (this.stamps[slot] !== this.generation) {
      this.stamps[slot] = this.generation
      this.ranks[slot] = rank
      this.scores[slot] = score
      this.slots.push(slot)
      return
    }
    if (rank < (this.ranks[slot] as number)) this.ranks[slot] = rank
    if (score > (this.scores[slot] as number)) this.scores[slot] = score
  }

  key(slot: number): number {
    return this.keyOf(this.ranks[slot] as number, this.scores[slot] as number, slot)
  }

  /** Every fuzzy match, measured. */
  addAll(fuzzy: FuzzyQuery): void {
    fuzzy.slots.forEach((slot) => {
      const score = fuzzy.score(slot)
      if (score >= 0) this.add(slot, NAME, score)
    })
  }

  /**
   * The `wanted` smallest keys once the fuzzy matches are in, measuring only the candidates that could still be
   * among them: the most promising first (by the most each could score), until none can beat the last kept.
   */
  addBest(fuzzy: FuzzyQuery, wanted: number): number[] {
    const best = smallest(
      this.slots.map((slot) => this.key(slot)),
      wanted,
    )
    const last = () => (best.length < wanted ? Number.POSITIVE_INFINITY : (best[wanted - 1] as number))
    // A candidate that already matched, with as high a score as it could get, would not move.
    const hopes = fuzzy.slots
      .map((slot, index) => ({ slot, key: this.keyIfAdded(slot, fuzzy.bounds[index] as number) }))
      .filter(
        ({ slot, key }) => key < last() && !(this.stamps[slot] === this.generation && key === this.key(slot)),
      )
      .sort((a, b) => a.key - b.key)
    for (const { slot, key } of hopes) {
      if (key > last()) break
      const score = fuzzy.score(slot)
      if (score < 0) continue
      const before = this.stamps[slot] === this.generation ? this.key(slot) : undefined
      this.add(slot, NAME, score)
      const after = this.key(slot)
      if (after === before) continue
      if (before !== undefined) {
        const at = best.indexOf(before)
        if (at >= 0) best.splice(at, 1)
      }
      insertSorted(best, after)
      if (best.length > wanted) best.pop()
    }
    return best
  }

  /** The key `slot` would have with a name match scoring `score`. */
  private keyIfAdded(slot: number, score: number): number {
    if (this.stamps[slot] !== this.generation) return this.keyOf(NAME, score, slot)
    return this.keyOf(
      Math.min(this.ranks[slot] as number, NAME),
      Math.max(this.scores[slot] as number, score),
      slot,
    )
  }

  private keyOf(rank: number, score: number, slot: number): number {
    return (rank * 256 + 255 - score) * this.size + slot
  }
}

/** The `count` smallest keys, ascending: a short sorted list kept while passing over them, or a sort. */
export function smallest(keys: number[], count: number): number[] {
  if (count > 64 || keys.length <= count) return keys.sort((a, b) => a - b).slice(0, count)
  const best: number[] = []
  for (const key of keys) {
    if (best.length === count && key >= (best[count - 1] as number)) continue
    insertSorted(best, key)
    if (best.length > count) best.pop()
  }
  return best
}

function insertSorted(sorted: number[], key: number): void {
  let at = sorted.length
  while (at > 0 && (sorted[at - 1] as number) > key) at--
  sorted.splice(at, 0, key)
}
