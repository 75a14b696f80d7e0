import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Check } from 'lucide-react'
import { isCurrencyCode } from '#shared/money.ts'
import type { LoadedMenuProps } from '#web/components/ui/deferred-menu.tsx'
import { LoadedMenu } from '#web/components/ui/loaded-menu.tsx'
import { menuItemClasses } from '#web/components/ui/menu-styles.ts'
import { CurrencyFlag } from '#web/lib/currency/currency-flag.tsx'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { CurrencyTriggerFace, currencyTriggerClasses, currencyTriggerLabel } from './currency-menu.tsx'

/** The currency menu itself, loaded when first wanted (currency-menu.tsx). */
export function CurrencyMenuList(loaded: LoadedMenuProps) {
  const { currency, currencyInfo, currencies, setCurrency } = useCurrency()
  return (
    <LoadedMenu
      {...loaded}
      label={currencyTriggerLabel(currencyInfo)}
      triggerClassName={currencyTriggerClasses}
      face={<CurrencyTriggerFace info={currencyInfo} />}
      sideOffset={6}
      contentClassName="w-64"
    >
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
            <span className="flex w-6 items-center">
              <CurrencyFlag code={option.code} />
            </span>
            <span className="w-10 font-semibold tabular">{option.code}</span>
            <span className="flex-1 truncate text-muted">{option.name}</span>
            <DropdownMenu.ItemIndicator>
              <Check aria-hidden="true" className="size-4 text-brick-yellow" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </LoadedMenu>
  )
}
