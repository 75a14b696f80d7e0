/**
 * How many identical rows came before this one, for sources whose rows have no id (BrickEconomy's
 * copies, BrickLink lots without a LOTID): the row's identity is its content plus that count, so two
 * identical copies stay two entries and a re-import maps each to itself.
 *
 * It remembers a 53-bit hash of each key, not the key, so a 100 MB file costs a few dozen bytes per row
 * rather than the file again. Two different keys sharing a hash (about one chance in ten thousand for a
 * million rows) only shift one row's count; its identity stays unique because the key is part of it.
 */

/** cyrb53: a fast, well-spread 53-bit string hash (public domain). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

/** A counter for one pass over a file: each call says how many times `key` came before. */
export function occurrenceCounter(): (key: string) => number {
  const seen = new Map<number, number>()
  return (key) => {
    const hashed = hash53(key)
    const count = seen.get(hashed) ?? 0
    seen.set(hashed, count + 1)
    return count
  }
}
