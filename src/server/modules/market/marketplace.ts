/**
 * A marketplace sold price from an item's metadata (`metadata.marketplace.soldPriceNew/Used`, DESIGN §5)
 * when it is a plain amount; anything else is no price.
 */
export function usableMarketplacePrice(text: string | null | undefined): string | null {
  return text && /^\d+(\.\d+)?$/.test(text) ? text : null
}
