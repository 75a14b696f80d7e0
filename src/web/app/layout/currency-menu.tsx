import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Check, ChevronDown } from 'lucide-react'
import { isCurrencyCode } from '../../../shared/money.ts'
import { useCurrency } from '../../lib/currency/currency-provider.tsx'
import { menuContentClasses, menuItemClasses } from './menu-styles.ts'

/** The header's currency selector (spec 01 §2, §4): flag, code and name of each supported currency. */
export function CurrencyMenu() {
  const { currency, currencyInfo, currencies, setCurrency } = useCurrency()
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Display currency: ${currencyInfo.name} (${currency})`}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-line bg-surface px-2.5 font-medium text-sm transition-colors hover:border-line-strong hover:bg-raised data-[state=open]:border-line-strong data-[state=open]:bg-raised"
      >
        <span aria-hidden="true" className="text-base leading-none">
          {currencyInfo.flag}
        </span>
        <span className="tabular">{currency}</span>
        <ChevronDown aria-hidden="true" className="size-3.5 text-muted" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={`${menuContentClasses} w-64`}>
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-2 font-medium text-subtle text-xs uppercase tracking-wide">
            Display currency
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={currency}
            onValueChange={(value) => {
              if (isCurrencyCode(value)) setCurrency(value)
            }}
          >
            {currencies.map((option) => (
              <DropdownMenu.RadioItem key={option.code} value={option.code} className={menuItemClasses}>
                <span aria-hidden="true" className="w-6 text-base leading-none">
                  {option.flag}
                </span>
                <span className="w-10 font-semibold tabular">{option.code}</span>
                <span className="flex-1 truncate text-muted">{option.name}</span>
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden="true" className="size-4 text-brick-yellow" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
