import { ChevronDown } from 'lucide-react'
import type { Currency } from '#shared/money.ts'
import { DeferredMenu } from '#web/components/ui/deferred-menu.tsx'
import { CurrencyFlag } from '#web/lib/currency/currency-flag.tsx'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'

const loadMenu = () => import('./currency-menu-list.tsx').then((module) => module.CurrencyMenuList)

export const currencyTriggerClasses =
  'inline-flex h-9 items-center gap-1.5 rounded-lg border border-line bg-surface px-2.5 font-medium text-sm transition-colors hover:border-line-strong hover:bg-raised data-[state=open]:border-line-strong data-[state=open]:bg-raised'

/** The name carries the code the button shows, so a voice command naming what is seen works (WCAG 2.5.3). */
export const currencyTriggerLabel = (info: Currency) => `Display currency: ${info.code} (${info.name})`

/** The trigger's face: flag, code and a chevron. */
export function CurrencyTriggerFace({ info }: { info: Currency }) {
  return (
    <>
      <CurrencyFlag code={info.code} />
      <span className="tabular">{info.code}</span>
      <ChevronDown aria-hidden="true" className="size-3.5 text-muted" />
    </>
  )
}

/** The header's currency selector (spec 01 §2, §4): flag, code and name of each supported currency. */
export function CurrencyMenu() {
  const { currencyInfo } = useCurrency()
  return (
    <DeferredMenu
      load={loadMenu}
      props={{}}
      label={currencyTriggerLabel(currencyInfo)}
      className={currencyTriggerClasses}
    >
      <CurrencyTriggerFace info={currencyInfo} />
    </DeferredMenu>
  )
}
