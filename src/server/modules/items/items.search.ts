import { normalizeCode, normalizeName } from '#shared/text.ts'

export interface SearchTerms {
  /** The query as an item number: 'SW 0001' → 'sw0001'. */
  code: string
  /** The query as a name: lower case, accents and punctuation removed. */
  name: string
}

export function searchTerms(query: string): SearchTerms {
  return { code: normalizeCode(query), name: normalizeName(query) }
}

/**
 * LIKE patterns a name must all match to contain every word of the query. Words under three
 * letters have no trigram to look up, so they are matched as part of the whole phrase instead
 * ('at-at' → '%at at%').
 */
export function nameWordPatterns(name: string): string[] {
  const words = name.split(' ').filter(Boolean)
  const long = words.filter((word) => word.length >= 3)
  const patterns = long.map((word) => `%${word}%`)
  if (long.length < words.length) patterns.push(`%${name}%`)
  return patterns
}
