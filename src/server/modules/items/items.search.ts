import { normalizeCode, normalizeName } from '../../../shared/text.ts'

export interface SearchTerms {
  /** The query as an item number: 'SW 0001' → 'sw0001'. */
  code: string
  /** The query as a name: lower case, accents and punctuation removed. */
  name: string
}

export function searchTerms(query: string): SearchTerms {
  return { code: normalizeCode(query), name: normalizeName(query) }
}
