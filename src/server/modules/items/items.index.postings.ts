import { forEachTrigram, type TrigramKey, trigramKey } from './items.trigrams.ts'

/** Posting lists at least this long are also kept as bitsets (a few hundred of them, 5 KB each). */
const BITSET_LENGTH = 1024

/**
 * The trigrams of every name (by slot) and, for each trigram, the slots whose name has it (its posting list,
 * ascending): pg_trgm's GIN index, in memory. Trigrams are numbered; each name's trigrams in order sit in one
 * array and all posting lists in another, a few MB for the whole catalogue.
 */
export class TrigramPostings {
  private readonly ids = new Map<TrigramKey, number>()
  /** Name `slot`'s trigrams in order are `sequences[sequenceStart[slot] … sequenceStart[slot + 1]]`. */
  private readonly sequenceStart: Int32Array
  private readonly sequences: Int32Array
  /** The slots having trigram `id` are `postings[postingStart[id] … postingStart[id + 1]]`. */
  private readonly postingStart: Int32Array
  private readonly postings: Int32Array
  /** The longest posting lists also as bitsets over the slots, for quick questions about one slot. */
  private readonly bitsets = new Map<number, Int32Array>()
  /** The most trigrams a name has. */
  readonly longest: number

  constructor(names: readonly string[]) {
    const size = names.length
    this.sequenceStart = new Int32Array(size + 1)
    // A name has at most two trigrams per character (one per letter, one per word's end).
    const sequences = new Int32Array(names.reduce((sum, name) => sum + 2 * name.length, 0))
    let end = 0
    let longest = 0
    for (let slot = 0; slot < size; slot++) {
      this.sequenceStart[slot] = end
      forEachTrigram(names[slot] as string, (key) => {
        let id = this.ids.get(key)
        if (id === undefined) {
          id = this.ids.size
          this.ids.set(key, id)
        }
        sequences[end++] = id
      })
      longest = Math.max(longest, end - (this.sequenceStart[slot] as number))
    }
    this.sequenceStart[size] = end
    this.sequences = sequences.slice(0, end)
    this.longest = longest
    ;({ starts: this.postingStart, postings: this.postings } = postingLists(
      this.sequences,
      this.sequenceStart,
      this.ids.size,
    ))
    for (let id = 0; id < this.ids.size; id++) {
      if (this.postingLength(id) < BITSET_LENGTH) continue
      const bits = new Int32Array((size + 31) >>> 5)
      for (const slot of this.postingsOf(id))
        bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31))
      this.bitsets.set(id, bits)
    }
  }

  /** How many distinct trigrams the names have. */
  get trigrams(): number {
    return this.ids.size
  }

  /** A trigram's number, if any name has it. */
  idOf(key: TrigramKey): number | undefined {
    return this.ids.get(key)
  }

  postingsOf(id: number): Int32Array {
    return this.postings.subarray(this.postingStart[id], this.postingStart[id + 1])
  }

  postingLength(id: number): number {
    return (this.postingStart[id + 1] as number) - (this.postingStart[id] as number)
  }

  /** The posting list as a bitset over the slots, for long lists only. */
  bitsetOf(id: number): Int32Array | undefined {
    return this.bitsets.get(id)
  }

  /** Name `slot`'s trigram numbers, in order. */
  sequenceOf(slot: number): Int32Array {
    return this.sequences.subarray(this.sequenceStart[slot], this.sequenceStart[slot + 1])
  }

  /** The slots whose name has every one of these trigrams (none when a trigram is in no name). */
  withAll(keys: readonly TrigramKey[]): ArrayLike<number> {
    const lists: Int32Array[] = []
    for (const key of new Set(keys)) {
      const id = this.ids.get(key)
      if (id === undefined) return []
      lists.push(this.postingsOf(id))
    }
    return intersect(lists)
  }
}

/** For each trigram id, the slots whose name has it, ascending, all in one array (counted, then filled). */
function postingLists(sequences: Int32Array, sequenceStart: Int32Array, trigrams: number) {
  const starts = new Int32Array(trigrams + 1)
  const lastSlot = new Int32Array(trigrams)
  const slots = sequenceStart.length - 1
  const eachDistinct = (use: (id: number, slot: number) => void) => {
    lastSlot.fill(-1)
    for (let slot = 0; slot < slots; slot++) {
      for (let i = sequenceStart[slot] as number; i < (sequenceStart[slot + 1] as number); i++) {
        const id = sequences[i] as number
        if (lastSlot[id] === slot) continue
        lastSlot[id] = slot
        use(id, slot)
      }
    }
  }
  eachDistinct((id) => {
    starts[id + 1] = (starts[id + 1] as number) + 1
  })
  for (let id = 0; id < trigrams; id++) starts[id + 1] = (starts[id + 1] as number) + (starts[id] as number)
  const postings = new Int32Array(starts[trigrams] as number)
  const filled = starts.slice(0, trigrams)
  eachDistinct((id, slot) => {
    postings[filled[id] as number] = slot
    filled[id] = (filled[id] as number) + 1
  })
  return { starts, postings }
}

/**
 * Slots in every list, ascending. The shortest list leads; the others narrow it while it is long, and the
 * caller checks the few left against the text itself.
 */
function intersect(lists: Int32Array[]): ArrayLike<number> {
  lists.sort((a, b) => a.length - b.length)
  let result: ArrayLike<number> = lists[0] ?? []
  for (let i = 1; i < lists.length && result.length > 16; i++) {
    const other = lists[i] as Int32Array
    const kept: number[] = []
    let at = 0
    for (let j = 0; j < result.length; j++) {
      const slot = result[j] as number
      at = lowerBound(other, slot, at)
      if (at === other.length) break
      if (other[at] === slot) kept.push(slot)
    }
    result = kept
  }
  return result
}

/** The first index at or after `from` whose value is ≥ `value`: galloping ahead, then a binary search. */
function lowerBound(list: Int32Array, value: number, from: number): number {
  let low = from
  let high = from
  let step = 1
  while (high < list.length && (list[high] as number) < value) {
    low = high + 1
    high = low + step
    step *= 2
  }
  high = Math.min(high, list.length)
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((list[middle] as number) < value) low = middle + 1
    else high = middle
  }
  return low
}

const SPACE = 32

/**
 * Trigrams every name matching `nameWordPatterns(name)` (items.search.ts) has: each long word's own
 * three-letter runs, and when short words make the whole phrase a pattern, its words' edges too — the first
 * word ends a word of the name ('at ' for 'at at'), the last one starts one ('  a', ' at'), those between are
 * whole words.
 */
export function containsTrigrams(name: string): TrigramKey[] {
  const words = name.split(' ').filter(Boolean)
  const required: TrigramKey[] = []
  for (const word of words) {
    if (word.length < 3) continue
    const letters = codePoints(word)
    for (let i = 0; i + 3 <= letters.length; i++)
      required.push(trigramKey(letters[i] as number, letters[i + 1] as number, letters[i + 2] as number))
  }
  if (words.every((word) => word.length >= 3)) return required
  words.forEach((word, index) => {
    const padded = [
      ...(index > 0 ? [SPACE, SPACE] : []),
      ...codePoints(word),
      ...(index < words.length - 1 ? [SPACE] : []),
    ]
    for (let i = 0; i + 3 <= padded.length; i++) {
      const trigram = padded.slice(i, i + 3) as [number, number, number]
      // Only the runs at an edge the phrase fixes: a word's inner runs are required above or too short.
      if (trigram.includes(SPACE)) required.push(trigramKey(...trigram))
    }
  })
  return required
}

function codePoints(text: string): number[] {
  return Array.from(text, (character) => character.codePointAt(0) as number)
}
