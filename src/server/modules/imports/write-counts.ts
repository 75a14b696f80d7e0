/** What a bulk write did, row by row. */
export interface WriteCounts {
  inserted: number
  updated: number
  unchanged: number
}

export const emptyCounts = (): WriteCounts => ({ inserted: 0, updated: 0, unchanged: 0 })

export function addCounts(total: WriteCounts, part: WriteCounts): void {
  total.inserted += part.inserted
  total.updated += part.updated
  total.unchanged += part.unchanged
}
