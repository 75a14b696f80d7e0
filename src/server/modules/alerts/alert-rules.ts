import Big from 'big.js'
import type { AlertDirection } from '#shared/contract/values.ts'

/** How far past its threshold the price must move back before a fired alert can fire again (DESIGN §5). */
export const REARM_MARGIN = '0.02'

export type AlertStep = 'fire' | 'rearm' | 'none'

/**
 * What an active alert does at a new fair price (in the alert's currency): an armed alert fires when its
 * condition holds; a fired one re-arms only once the price is back past the threshold by the margin; no
 * price ("No data") does nothing.
 */
export function alertStep({
  direction,
  threshold,
  price,
  armed,
  margin = REARM_MARGIN,
}: {
  direction: AlertDirection
  threshold: string
  price: string | null
  armed: boolean
  margin?: string
}): AlertStep {
  if (price === null) return 'none'
  const fair = new Big(price)
  const limit = new Big(threshold)
  if (armed) return (direction === 'below' ? fair.lte(limit) : fair.gte(limit)) ? 'fire' : 'none'
  const back =
    direction === 'below'
      ? fair.gt(limit.times(new Big(1).plus(margin)))
      : fair.lt(limit.times(new Big(1).minus(margin)))
  return back ? 'rearm' : 'none'
}
