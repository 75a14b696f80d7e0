/** The choices of the lists' theme and year filters (spec 02 §2). */
import type { Theme } from '#shared/contract/catalogue.ts'

/** The year filter spans the current year and the 29 before it: the last 30 years. */
export const YEAR_FILTER_SPAN = 30

/** The year filter's choices, newest first: the current year back through the last 30 years. */
export function yearOptions(currentYear: number, span = YEAR_FILTER_SPAN): number[] {
  return Array.from({ length: span }, (_, index) => currentYear - index)
}

export interface ThemeOption {
  value: string
  label: string
}

/**
 * The sets' theme filter: each theme with its category, e.g. 'Ultimate Collector Series (Star Wars)'
 * (a top-level theme is its own category, so it shows just its name), sorted by category, the
 * top-level theme first, then by name.
 */
export function setThemeOptions(themes: readonly Theme[]): ThemeOption[] {
  return [...themes]
    .sort(
      (a, b) =>
        compareText(a.category, b.category) ||
        Number(b.name === b.category) - Number(a.name === a.category) ||
        compareText(a.name, b.name),
    )
    .map((theme) => ({
      value: String(theme.id),
      label: theme.name === theme.category ? theme.name : `${theme.name} (${theme.category})`,
    }))
}

function compareText(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base' })
}
