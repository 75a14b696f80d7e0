import Big from 'big.js'
import { parseAmount } from '#shared/money.ts'

/** A theme's share of the collection's value, e.g. '42% of value'; '' when nothing has a value. */
export function themeShare(value: string, totalValue: string): string {
  const part = parseAmount(value)
  const whole = parseAmount(totalValue)
  if (!part || !whole || whole.lte(0)) return ''
  return `${part.div(whole).times(100).round(0, Big.roundHalfUp).toFixed(0)}% of value`
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
