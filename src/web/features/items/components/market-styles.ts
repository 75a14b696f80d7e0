/** Class names the Pricing and Sales History tabs share. */
export const badgeClasses =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-semibold text-xs'
