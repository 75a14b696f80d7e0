import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Check } from 'lucide-react'
import { useRef } from 'react'
import { isCurrencyCode } from '#shared/money.ts'
import { type LoadedMenuProps, useFirstOpenFocus } from '#web/components/ui/deferred-menu.tsx'
import { menuContentClasses, menuItemClasses } from '#web/components/ui/menu-styles.ts'
import { useFocusOnMount } from '#web/components/ui/use-focus-on-mount.ts'
import { CurrencyFlag } from '#web/lib/currency/currency-flag.tsx'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { CurrencyTriggerFace, currencyTriggerClasses, currencyTriggerLabel } from './currency-menu.tsx'

/** The currency menu itself, loaded when first wanted (currency-menu.tsx). */
export function CurrencyMenuList({ defaultOpen, focusTrigger, openedByKeyboard }: LoadedMenuProps) {
  const { currency, currencyInfo, currencies, setCurrency } = useCurrency()
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusOnMount(trigger, focusTrigger)
  const contentRef = useFirstOpenFocus(openedByKeyboard)
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label={currencyTriggerLabel(currencyInfo)}
        className={currencyTriggerClasses}
      >
        <CurrencyTriggerFace info={currencyInfo} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={contentRef}
          align="end"
          sideOffset={6}
          className={`${menuContentClasses} w-64`}
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
