import { AU, CA, CH, DK, EU, GB, JP, NO, SE, US } from 'country-flag-icons/string/3x2'
import type { CurrencyCode } from '#shared/money.ts'
import { cn } from '#web/lib/cn.ts'

/** Each currency's flag (spec 01 §4's currency option), as an SVG: regional-indicator emoji show as letters on Windows. */
const FLAG_SVGS: Record<CurrencyCode, string> = {
  USD: US,
  EUR: EU,
  GBP: GB,
  CAD: CA,
  AUD: AU,
  JPY: JP,
  CHF: CH,
  SEK: SE,
  NOK: NO,
  DKK: DK,
}

const flagUrl = (code: CurrencyCode) => `data:image/svg+xml,${encodeURIComponent(FLAG_SVGS[code])}`

/** A currency's flag, decorative: the code or name beside it says which currency it is. */
export function CurrencyFlag({ code, className }: { code: CurrencyCode; className?: string }) {
  return (
    <img
      src={flagUrl(code)}
      alt=""
      width={18}
      height={12}
      className={cn('h-3 w-[18px] shrink-0 rounded-[2px] object-cover ring-1 ring-white/15', className)}
    />
  )
}
