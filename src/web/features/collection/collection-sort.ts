/**
 * How My Collection sorts (spec 01 §2): the column headers' clicks and states, and the sort menu of the
 * narrow layout, whose cards have no headers to click.
 */
import {
  COLLECTION_SORTS,
  type CollectionSort,
  isOneOf,
  type SortDirection,
} from '#shared/contract/values.ts'

export interface SortState {
  sort: CollectionSort
  direction: SortDirection
}

/** Names sort A to Z first; amounts, quantities, conditions and dates the biggest (best, newest) first. */
export function defaultDirection(sort: CollectionSort): SortDirection {
  return sort === 'name' ? 'asc' : 'desc'
}

/** A click on a column header: a new column starts in its natural direction; the same column flips. */
export function nextSort(current: SortState, column: CollectionSort): SortState {
  if (current.sort !== column) return { sort: column, direction: defaultDirection(column) }
  return { sort: column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
}

export function ariaSort(current: SortState, column: CollectionSort): 'ascending' | 'descending' | 'none' {
  if (current.sort !== column) return 'none'
  return current.direction === 'asc' ? 'ascending' : 'descending'
}

/** The sort choices of the narrow layout, whose cards have no column headers to click. */
export const SORT_OPTIONS: ReadonlyArray<{ value: `${CollectionSort}:${SortDirection}`; label: string }> = [
  { value: 'added:desc', label: 'Recently added' },
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'value:desc', label: 'Value (highest first)' },
  { value: 'pnl:desc', label: 'P&L (best first)' },
  { value: 'pnl:asc', label: 'P&L (worst first)' },
  { value: 'change:desc', label: 'Change 24h (best first)' },
  { value: 'cost:desc', label: 'Cost basis (highest first)' },
  { value: 'quantity:desc', label: 'Quantity (most first)' },
  { value: 'condition:desc', label: 'Condition (best first)' },
]

const SORT_NAMES: Record<CollectionSort, string> = {
  added: 'Date added',
  name: 'Name',
  condition: 'Condition',
  quantity: 'Quantity',
  cost: 'Cost basis',
  value: 'Value',
  pnl: 'P&L',
  change: 'Change 24h',
}

/** The narrow layout's choices, with the current sort among them even when a header chose it. */
export function sortOptions(current: SortState) {
  const value = `${current.sort}:${current.direction}` as const
  if (SORT_OPTIONS.some((option) => option.value === value)) return SORT_OPTIONS
  const label = `${SORT_NAMES[current.sort]} (${current.direction === 'asc' ? 'ascending' : 'descending'})`
  return [...SORT_OPTIONS, { value, label }]
}

export function parseSortOption(value: string): SortState | undefined {
  const [sort, direction] = value.split(':')
  if (!isOneOf(COLLECTION_SORTS, sort) || (direction !== 'asc' && direction !== 'desc')) return undefined
  return { sort: sort as CollectionSort, direction }
}
