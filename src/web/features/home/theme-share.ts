import { percentOf } from '#web/lib/format.ts'

/** A theme's share of the collection's value, e.g. '42% of value'; '' when nothing has a value. */
export function themeShare(value: string, totalValue: string): string {
  const percent = percentOf(value, totalValue, 0)
  return percent === null ? '' : `${percent}% of value`
}
