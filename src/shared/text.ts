/** Text normalisation shared by search, slugs and imports (pure; no I/O). */

/** Trademark signs would otherwise decompose into letters ('™' → 'TM') under NFKD. */
const TRADEMARK_SIGNS = /[™®©℠]/g

/** Lower-case, accents removed, '&' spelled out, every other non-alphanumeric run a single space. */
export function normalizeName(text: string): string {
  return text
    .replace(TRADEMARK_SIGNS, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * Item numbers compare without case, spaces or punctuation other than the variant dash:
 * 'SW 0001' → 'sw0001', '75192-1' stays '75192-1'.
 */
export function normalizeCode(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

const MAX_SLUG_LENGTH = 80

/**
 * `{number}-{name}` lower-cased with every non-alphanumeric run turned into one '-', cut at a
 * word boundary so that long catalogue names still give readable links.
 */
export function slugify(number: string, name: string): string {
  const slug = `${number}-${name}`
    .replace(TRADEMARK_SIGNS, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= MAX_SLUG_LENGTH) return slug || 'item'
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1)
  const lastDash = cut.lastIndexOf('-')
  return (lastDash > 0 ? cut.slice(0, lastDash) : cut.slice(0, MAX_SLUG_LENGTH)).replace(/-+$/, '')
}
