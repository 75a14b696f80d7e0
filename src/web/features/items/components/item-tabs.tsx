import * as Tabs from '@radix-ui/react-tabs'
import type { ItemDetail } from '../../../../shared/contract/catalogue.ts'
import { AnalysisTab } from './analysis-tab.tsx'
import { PricingTab } from './pricing-tab.tsx'
import { SalesHistoryTab } from './sales-history-tab.tsx'
import { VariantsTab } from './variants-tab.tsx'

const triggerClasses =
  '-mb-px shrink-0 whitespace-nowrap border-transparent border-b-2 px-3 py-2.5 font-medium text-muted text-sm transition-colors sm:px-4 ' +
  'hover:text-fg data-[state=active]:border-brick-yellow data-[state=active]:text-fg'

/** Pricing (the default), Sales History, Variants and Analysis (spec 02 §2). */
export function ItemTabs({ item }: { item: ItemDetail }) {
  return (
    <Tabs.Root defaultValue="pricing">
      <Tabs.List aria-label="Item details" className="flex overflow-x-auto border-line border-b">
        <Tabs.Trigger value="pricing" className={triggerClasses}>
          Pricing
        </Tabs.Trigger>
        <Tabs.Trigger value="sales" className={triggerClasses}>
          Sales History
        </Tabs.Trigger>
        <Tabs.Trigger value="variants" className={triggerClasses}>
          Variants
        </Tabs.Trigger>
        <Tabs.Trigger value="analysis" className={triggerClasses}>
          Analysis
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="pricing" className="pt-6 outline-none">
        <PricingTab item={item} />
      </Tabs.Content>
      <Tabs.Content value="sales" className="pt-6 outline-none">
        <SalesHistoryTab item={item} />
      </Tabs.Content>
      <Tabs.Content value="variants" className="pt-6 outline-none">
        <VariantsTab item={item} />
      </Tabs.Content>
      <Tabs.Content value="analysis" className="pt-6 outline-none">
        <AnalysisTab />
      </Tabs.Content>
    </Tabs.Root>
  )
}
