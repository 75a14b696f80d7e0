import type { Database } from '#server/db/client.ts'
import type { ImportCandidate } from '#shared/contract/imports.ts'
import type { ItemType } from '#shared/contract/values.ts'
import { normalizeCode, normalizeName } from '#shared/text.ts'
import { findItemsForKeys, type MatchKey } from './item-matcher.repo.ts'

/** What a number as a collector wrote it names in the catalogue. */
export type MatchOutcome =
  | { kind: 'matched'; item: ImportCandidate }
  | { kind: 'ambiguous'; candidates: ImportCandidate[] }
  | { kind: 'unknown' }

export interface NumberRef {
  number: string
  itemType: ItemType | null
}

/** The most candidates an ambiguous number lists (`1` could be dozens of sets). */
const MAX_CANDIDATES = 25

/** The number as written, case and surrounding spaces aside: '700.3-1' and '7003-1' are different items. */
const writtenOf = (ref: NumberRef) => ref.number.trim().toLowerCase()
const keyOf = (ref: NumberRef) => `${ref.itemType ?? '*'}|${writtenOf(ref)}`

/**
 * Matches item numbers the way collectors write them: case, spaces and punctuation aside (`normalizeCode`),
 * an alias counts as the number, and a number without its variant or letter (`75192`, `sw0001`) finds the
 * items that only add one. The number exactly as written wins (Rebrickable has both `700.3-1` and
 * `7003-1`), then the number or an alias, then such an expansion; several items → the user is asked
 * (ambiguous), none → unknown. The file's type, when it gives one, narrows. Lookups run in
 * batches, one query per batch, and each number is looked up once per import.
 */
export class ItemMatcher {
  private readonly known = new Map<string, MatchOutcome>()

  constructor(private readonly db: Database) {}

  /** Looks up, in one query, the numbers of `refs` not looked up before. */
  async load(refs: readonly NumberRef[]): Promise<void> {
    const keys = new Map<string, MatchKey & { written: string }>()
    for (const ref of refs) {
      const key = keyOf(ref)
      if (this.known.has(key) || keys.has(key)) continue
      const code = normalizeCode(ref.number)
      if (!code) this.known.set(key, { kind: 'unknown' })
      else
        keys.set(key, { code, alias: normalizeName(ref.number), type: ref.itemType, written: writtenOf(ref) })
    }
    if (keys.size === 0) return
    const batch = [...keys]
    const found = await findItemsForKeys(
      this.db,
      batch.map(([, { code, alias, type }]) => ({ code, alias, type })),
    )
    const byPosition = new Map<number, typeof found>()
    for (const row of found) byPosition.set(row.position, [...(byPosition.get(row.position) ?? []), row])
    batch.forEach(([key, { written }], position) => {
      const rows = byPosition.get(position) ?? []
      // The number exactly as written wins, then the number without punctuation or an alias, then a variant.
      const exact = rows.filter((row) => row.number.toLowerCase() === written)
      const direct = rows.filter((row) => row.way !== 'variant')
      this.known.set(key, outcome(exact.length > 0 ? exact : direct.length > 0 ? direct : rows))
    })
  }

  /** What the number names; `load` must have seen it. */
  get(ref: NumberRef): MatchOutcome {
    return this.known.get(keyOf(ref)) ?? { kind: 'unknown' }
  }
}

function outcome(rows: readonly ImportCandidate[]): MatchOutcome {
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()]
  const candidates = unique.map(({ id, type, number, name, year, imageUrl }) => ({
    id,
    type,
    number,
    name,
    year,
    imageUrl,
  }))
  const [only] = candidates
  if (!only) return { kind: 'unknown' }
  if (candidates.length === 1) return { kind: 'matched', item: only }
  return { kind: 'ambiguous', candidates: candidates.slice(0, MAX_CANDIDATES) }
}
