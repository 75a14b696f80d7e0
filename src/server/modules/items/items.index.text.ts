import { FuzzyQuery, FuzzyScratch } from './items.index.fuzzy.ts'
import { containsTrigrams, TrigramPostings } from './items.index.postings.ts'
import {
  roundedTenths,
  SIMILARITY_THRESHOLD,
  type TrigramKey,
  trigramRatio,
  uniqueTrigrams,
} from './items.trigrams.ts'

/** Told of each item (by slot) a text lookup finds; `tenths` is its score where the lookup has one. */
export type Visit = (slot: number, tenths: number) => void

/**
 * The catalogue's names, numbers and aliases, looked up as ADR 003's SQL looked them up, from memory: exact
 * and prefix numbers from sorted arrays, `like '%word%'` through trigram posting lists (a word's every three
 * letters are trigrams of the name that contains it), pg_trgm's fuzzy operators through the same lists.
 * Items are numbered by slot (CatalogueIndex).
 */
export class TextIndex {
  private readonly postings: TrigramPostings
  private readonly byName: Int32Array
  private readonly byCode: Int32Array
  private readonly aliases: AliasIndex
  private readonly scratch: FuzzyScratch

  constructor(
    private readonly names: readonly string[],
    private readonly codes: readonly string[],
    aliases: ReadonlyArray<{ slot: number; alias: string }>,
  ) {
    this.postings = new TrigramPostings(names)
    this.byName = sortedSlots(names)
    this.byCode = sortedSlots(codes)
    this.aliases = new AliasIndex(aliases)
    this.scratch = new FuzzyScratch(this.postings, names.length)
  }

  /** `normalized_code = code`. */
  codeEquals(code: string): number[] {
    const slots: number[] = []
    // The number itself sorts first among those it begins.
    for (let i = firstAtLeast(this.byCode, this.codes, code); i < this.byCode.length; i++) {
      const slot = this.byCode[i] as number
      if (this.codes[slot] !== code) break
      slots.push(slot)
    }
    return slots
  }

  /** `normalized_code like 'code%'`. */
  codePrefix(code: string, visit: Visit): void {
    prefixRange(this.byCode, this.codes, code, visit)
  }

  /** `normalized_name like 'prefix%'`. */
  namePrefix(prefix: string, visit: Visit): void {
    prefixRange(this.byName, this.names, prefix, visit)
  }

  /** `normalized_alias = name`. */
  aliasEquals(name: string): readonly number[] {
    return this.aliases.equal(name)
  }

  /** `normalized_alias % name`, with round(similarity, 1) in tenths. */
  aliasSimilar(name: string, visit: Visit): void {
    this.aliases.similar(name, visit)
  }

  /**
   * Names that contain every pattern (as `like '%…%'`; nameWordPatterns of `name`), in slot order, until `visit`
   * answers false. Returns how many were visited.
   */
  nameContains(name: string, patterns: readonly string[], visit: (slot: number) => boolean): number {
    let found = 0
    const slots = this.postings.withAll(containsTrigrams(name))
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as number
      const text = this.names[slot] as string
      if (patterns.every((pattern) => text.includes(pattern))) {
        found++
        if (!visit(slot)) break
      }
    }
    return found
  }

  /** `name <% normalized_name`: see FuzzyQuery, whose `end()` must follow. */
  fuzzy(name: string): FuzzyQuery {
    return new FuzzyQuery(this.postings, this.scratch, name)
  }
}

/** Aliases (Rebrickable's figure numbers for a collector code): exact, and pg_trgm's `%` by shared trigrams. */
class AliasIndex {
  private readonly slotsByAlias = new Map<string, number[]>()
  private readonly slots: Int32Array
  private readonly trigramCounts: Int32Array
  private readonly postings = new Map<TrigramKey, number[]>()

  constructor(aliases: ReadonlyArray<{ slot: number; alias: string }>) {
    this.slots = Int32Array.from(aliases, ({ slot }) => slot)
    this.trigramCounts = new Int32Array(aliases.length)
    aliases.forEach(({ slot, alias }, index) => {
      const same = this.slotsByAlias.get(alias)
      if (same) same.push(slot)
      else this.slotsByAlias.set(alias, [slot])
      const trigrams = uniqueTrigrams(alias)
      this.trigramCounts[index] = trigrams.length
      for (const key of trigrams) {
        const list = this.postings.get(key)
        if (list) list.push(index)
        else this.postings.set(key, [index])
      }
    })
  }

  equal(name: string): readonly number[] {
    return this.slotsByAlias.get(name) ?? []
  }

  /** similarity() of two texts is their shared distinct trigrams over the union: counting them is enough. */
  similar(name: string, visit: Visit): void {
    if (this.slots.length === 0) return
    const trigrams = uniqueTrigrams(name)
    const shared = new Map<number, number>()
    for (const key of trigrams)
      for (const index of this.postings.get(key) ?? []) shared.set(index, (shared.get(index) ?? 0) + 1)
    for (const [index, count] of shared) {
      const score = trigramRatio(count, trigrams.length, this.trigramCounts[index] as number)
      if (score >= SIMILARITY_THRESHOLD) visit(this.slots[index] as number, roundedTenths(score))
    }
  }
}

/** Slots ordered by their text, so that every text with a given prefix is one range. */
function sortedSlots(texts: readonly string[]): Int32Array {
  const slots = Array.from(texts.keys())
  slots.sort((a, b) => {
    const x = texts[a] as string
    const y = texts[b] as string
    return x < y ? -1 : x > y ? 1 : a - b
  })
  return Int32Array.from(slots)
}

/** The first position in `sorted` whose text is not below `text`. */
function firstAtLeast(sorted: Int32Array, texts: readonly string[], text: string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((texts[sorted[middle] as number] as string) < text) low = middle + 1
    else high = middle
  }
  return low
}

function prefixRange(sorted: Int32Array, texts: readonly string[], prefix: string, visit: Visit): void {
  for (let i = firstAtLeast(sorted, texts, prefix); i < sorted.length; i++) {
    const slot = sorted[i] as number
    if (!(texts[slot] as string).startsWith(prefix)) return
    visit(slot, 10)
  }
}
