/**
 * pg_trgm's trigram similarity, computed in JS so that the in-memory catalogue index (items.index.ts) gives the
 * fuzzy answers ADR 003's SQL gave: `similarity` and `word_similarity` as pg_trgm 1.6 computes them
 * (contrib/pg_trgm/trgm_op.c), down to its single-precision arithmetic, and `round(x::numeric, 1)` of the result.
 * Text here is already normalised (normalizeName): lower-case letters and digits, words one space apart.
 */

/** pg_trgm's default `similarity_threshold` (`%`) and `word_similarity_threshold` (`<%`). */
export const SIMILARITY_THRESHOLD = 0.3
export const WORD_SIMILARITY_THRESHOLD = 0.6

/**
 * A trigram as a number: three characters of the Basic Multilingual Plane packed in 48 bits, which a Map
 * looks up far faster than a string. The rare trigram with a character beyond it stays a string.
 */
export type TrigramKey = number | string

const SPACE = 32
const PLANE = 0x10000

export function trigramKey(a: number, b: number, c: number): TrigramKey {
  if (a < PLANE && b < PLANE && c < PLANE) return (a * PLANE + b) * PLANE + c
  return String.fromCodePoint(a, b, c)
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/** pg_trgm's word characters: letters and digits (t_isalnum). */
export function isWordCharacter(code: number): boolean {
  if (code < 128)
    return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90)
  return LETTER_OR_DIGIT.test(String.fromCodePoint(code))
}

/**
 * Each trigram of `text` in order, repeats kept: each word padded with two spaces before and one after
 * ('cat' → '  c', ' ca', 'cat', 'at '), as pg_trgm's generate_trgm_only makes them.
 */
export function forEachTrigram(text: string, emit: (key: TrigramKey) => void): void {
  let first = SPACE
  let second = SPACE
  let inWord = false
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i)
    if (code >= 0xd800 && code < 0xdc00) {
      // Maybe a surrogate pair: one character beyond the Basic Multilingual Plane.
      code = text.codePointAt(i) as number
      if (code >= PLANE) i++
    }
    if (isWordCharacter(code)) {
      if (!inWord) {
        first = SPACE
        second = SPACE
        inWord = true
      }
      emit(trigramKey(first, second, code))
      first = second
      second = code
    } else if (inWord) {
      emit(trigramKey(first, second, SPACE))
      inWord = false
    }
  }
  if (inWord) emit(trigramKey(first, second, SPACE))
}

/** The distinct trigrams of `text` (pg_trgm's show_trgm, unordered). */
export function uniqueTrigrams(text: string): TrigramKey[] {
  const keys = new Set<TrigramKey>()
  forEachTrigram(text, (key) => keys.add(key))
  return [...keys]
}

/** pg_trgm's CALCSML: a float4 division, so thresholds compare exactly as PostgreSQL compares them. */
export function trigramRatio(shared: number, lengthA: number, lengthB: number): number {
  const union = lengthA + lengthB - shared
  return union <= 0 ? 0 : Math.fround(shared / union)
}

/** `similarity(a, b)`: shared distinct trigrams over all distinct trigrams of both. */
export function similarity(a: string, b: string): number {
  const first = new Set(uniqueTrigrams(a))
  const second = uniqueTrigrams(b)
  if (first.size === 0 || second.length === 0) return 0
  const shared = second.filter((key) => first.has(key)).length
  return trigramRatio(shared, first.size, second.length)
}

/**
 * `word_similarity(query, text)`: the best similarity between the query's trigrams and any run of consecutive
 * trigrams of `text` (pg_trgm's calc_word_similarity).
 */
export function wordSimilarity(query: string, text: string): number {
  // Each distinct trigram numbered, the query's first: a number below the query's count is one of its own.
  const ids = new Map<TrigramKey, number>()
  forEachTrigram(query, (key) => {
    if (!ids.has(key)) ids.set(key, ids.size)
  })
  const queryLength = ids.size
  const sequence: number[] = []
  forEachTrigram(text, (key) => {
    let id = ids.get(key)
    if (id === undefined) {
      id = ids.size
      ids.set(key, id)
    }
    sequence.push(id)
  })
  return runSimilarity(sequence, sequence.length, queryLength, new Int32Array(ids.size).fill(-1))
}

/**
 * pg_trgm's iterate_word_similarity (non-strict): `sequence` holds the text's trigrams as numbers, those below
 * `queryLength` being the query's. `lastPosition` is scratch indexed by those numbers, all -1, and left so.
 */
export function runSimilarity(
  sequence: ArrayLike<number>,
  length: number,
  queryLength: number,
  lastPosition: Int32Array,
): number {
  let runLength = 0
  let shared = 0
  let lower = -1
  let best = 0
  for (let i = 0; i < length; i++) {
    const id = sequence[i] as number
    const found = id < queryLength
    if (lower >= 0 || found) {
      if (lastPosition[id] === -1) {
        runLength++
        if (found) shared++
      }
      lastPosition[id] = i
    }
    if (!found) continue
    const upper = i
    if (lower === -1) {
      lower = i
      runLength = 1
    }
    let current = trigramRatio(shared, queryLength, runLength)
    // Try moving the run's start right for a greater similarity.
    let tryShared = shared
    let tryLength = runLength
    const previousLower = lower
    for (let tryLower = lower; tryLower <= upper; tryLower++) {
      const candidate = trigramRatio(tryShared, queryLength, tryLength)
      if (candidate > current) {
        current = candidate
        runLength = tryLength
        lower = tryLower
        shared = tryShared
      }
      const dropped = sequence[tryLower] as number
      if (lastPosition[dropped] === tryLower) {
        tryLength--
        if (dropped < queryLength) tryShared--
      }
    }
    best = Math.max(best, current)
    for (let dropLower = previousLower; dropLower < lower; dropLower++) {
      const dropped = sequence[dropLower] as number
      if (lastPosition[dropped] === dropLower) lastPosition[dropped] = -1
    }
  }
  for (let i = 0; i < length; i++) lastPosition[sequence[i] as number] = -1
  return best
}

/**
 * `round(x::numeric, 1)` of a float4 similarity, in tenths: PostgreSQL casts a float4 to numeric through its
 * six significant digits, then rounds half away from zero (0.65 → 0.7, where JS's own rounding of the float
 * 0.6499999761… would give 0.6).
 */
export function roundedTenths(value: number): number {
  let tenths = roundings.get(value)
  if (tenths === undefined) {
    const sixDigits = Number(value.toPrecision(6))
    const tenMillionths = Math.round(sixDigits * 1e7)
    tenths = Math.floor((tenMillionths + 500_000) / 1_000_000)
    // Similarities are ratios of small counts: a few thousand values at most, each worked out once.
    if (roundings.size >= 100_000) roundings.clear()
    roundings.set(value, tenths)
  }
  return tenths
}

const roundings = new Map<number, number>()
