/** Text normalisation shared by search, slugs and imports (pure; no I/O). */

/** Lower-case, accents removed, '&' spelled out, every other non-alphanumeric run a single space. */
export function normalizeName(text: string): string {
  return text
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

/** `{number}-{name}` lower-cased with every non-alphanumeric run turned into one '-'. */
export function slugify(number: string, name: string): string {
  const slug = `${number}-${name}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug || 'item'
}
