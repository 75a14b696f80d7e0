/** The analytics page's range, kept in the URL (?range=), the server's default when absent. */
import {
  DEFAULT_PORTFOLIO_RANGE,
  isOneOf,
  PORTFOLIO_RANGES,
  type PortfolioRange,
} from '#shared/contract/values.ts'

export function parsePortfolioRange(search: string): PortfolioRange {
  const range = new URLSearchParams(search).get('range')
  return isOneOf(PORTFOLIO_RANGES, range) ? range : DEFAULT_PORTFOLIO_RANGE
}
