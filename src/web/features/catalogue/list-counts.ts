/** What the lists say about how many they show, and how many placeholders they draw while loading. */
import { PAGE_SIZE } from './list-params.ts'

export const SET_SKELETON_COUNT = 6
export const MINIFIG_SKELETON_COUNT = 12

/** 'Showing x-y of N sets' for a page of the sets list. */
export function showingSetsText(page: number, shown: number, total: number, pageSize = PAGE_SIZE): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${total} sets`
  const first = (page - 1) * pageSize + 1
  return `Showing ${first}-${first + shown - 1} of ${total} sets`
}

/** 'Showing n of total minifigures' (spec 02 §2). */
export function showingMinifiguresText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} minifigures`
}
