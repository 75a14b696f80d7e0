/**
 * What a set shows in place of a retail price it does not have (spec 02 §2): a short label on the
 * sets list's cards, longer wording on the item page. The first rule that matches wins.
 */

export type RetailLabelLength = 'short' | 'long'

interface RetailRule {
  matches: (item: { number: string; name: string }) => boolean
  short: string
  long: string
}

const RULES: RetailRule[] = [
  {
    matches: ({ number, name }) => number.includes('PROMO') || name.includes('Promo'),
    short: 'Promotional',
    long: 'Promotional Item',
  },
  {
    matches: ({ name }) => name.includes('Bonus') || name.includes('Value Pack'),
    short: 'Value Pack',
    long: 'Value Pack',
  },
  { matches: ({ name }) => name.includes('Mini '), short: 'Mini Set', long: 'Mini Set' },
  { matches: ({ number }) => number.includes('TF'), short: 'Toy Fair', long: 'Toy Fair Exclusive' },
  {
    matches: ({ name }) => name.includes('Collectors Set'),
    short: 'Collector',
    long: 'Collector Edition',
  },
]

const FALLBACK = { short: 'Price TBD', long: 'Price Not Available' } as const

/** The label for a set without a retail price. */
export function noMsrpLabel(item: { number: string; name: string }, length: RetailLabelLength): string {
  const rule = RULES.find((candidate) => candidate.matches(item))
  return rule ? rule[length] : FALLBACK[length]
}

/**
 * The retail text of a set: its price through the display-currency formatter, or the label.
 * `formatAmount` is the currency provider's formatter (amounts from the API are GBP strings).
 */
export function retailText(
  item: { number: string; name: string; originalMsrp: string | null },
  length: RetailLabelLength,
  formatAmount: (amountGbp: string) => string,
): { text: string; isPrice: boolean } {
  const msrp = item.originalMsrp?.trim()
  return msrp
    ? { text: formatAmount(msrp), isPrice: true }
    : { text: noMsrpLabel(item, length), isPrice: false }
}
