import { percentOf } from '#web/lib/format.ts'

/** A theme's share of the collection's value, e.g. '42% of value'; '' when nothing has a value. */
export function themeShare(value: string, totalValue: string): string {
  const percent = percentOf(value, totalValue, 0)
  return percent === null ? '' : `${percent}% of value`
}

/** The dashboard shows for a collection with something in it; the start section for an empty one. */
export function homeSection(
  itemCount: number | undefined,
  onboardingCompleted: boolean,
): 'dashboard' | 'start' | 'none' {
  if (itemCount === undefined) return 'none'
  if (itemCount > 0) return 'dashboard'
  return onboardingCompleted ? 'start' : 'none'
}
