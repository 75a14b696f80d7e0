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
  const rearm = rearmLimit(direction, threshold, margin)
  return (direction === 'below' ? fair.gt(rearm) : fair.lt(rearm)) ? 'rearm' : 'none'
}

/** The price a fired alert's fair price must move past (above it for below, below it for above) to re-arm. */
function rearmLimit(direction: AlertDirection, threshold: string, margin: string): Big {
  return new Big(threshold).times(new Big(1)[direction === 'below' ? 'plus' : 'minus'](margin))
}

/**
 * The re-arm limit to show (the watchlist's "fires again once back above …"), to the cent and on the safe side:
 * rounded down for a below-alert and up for an above-alert, so "back above $339.99" is true of every price that
 * re-arms it, and of none that does not.
 */
export function rearmsPast(direction: AlertDirection, threshold: string, margin = REARM_MARGIN): string {
  return rearmLimit(direction, threshold, margin)
    .round(2, direction === 'below' ? Big.roundDown : Big.roundUp)
    .toFixed(2)
}
