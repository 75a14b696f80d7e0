import * as Tabs from '@radix-ui/react-tabs'
import { lazy, Suspense } from 'react'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { usePriceSummary } from '../market-queries.ts'
import { AnalysisTab } from './analysis-tab.tsx'
import { PricingSkeleton } from './pricing-skeleton.tsx'
import { SalesSkeleton } from './sales-skeleton.tsx'
import { VariantsTab } from './variants-tab.tsx'

// The Pricing tab sits below the item's picture and facts: its code loads right after the page's,
// alongside its first prices (asked for here, so the two do not wait on each other).
const PricingTab = lazy(() => import('./pricing-tab.tsx').then((module) => ({ default: module.PricingTab })))
// Sales History is not the first tab: its code loads when it is opened, or when its tab is pointed at
// or focused, so it is usually there by the time it is clicked.
const loadSalesHistory = () => import('./sales-history-tab.tsx')
const SalesHistoryTab = lazy(() => loadSalesHistory().then((module) => ({ default: module.SalesHistoryTab })))
const preloadSalesHistory = () => {
  void loadSalesHistory()
}

const triggerClasses =
  '-mb-px shrink-0 whitespace-nowrap border-transparent border-b-2 px-3 py-2.5 font-medium text-muted text-sm transition-colors sm:px-4 ' +
  'hover:text-fg data-[state=active]:border-brick-yellow data-[state=active]:text-fg'

/** Pricing (the default), Sales History, Variants and Analysis (spec 02 §2). */
export function ItemTabs({ item }: { item: ItemDetail }) {
  usePriceSummary(item.id)
  return (
    <Tabs.Root defaultValue="pricing">
      <Tabs.List aria-label="Item details" className="flex overflow-x-auto border-line border-b">
        <Tabs.Trigger value="pricing" className={triggerClasses}>
          Pricing
        </Tabs.Trigger>
        <Tabs.Trigger
          value="sales"
          className={triggerClasses}
          onPointerEnter={preloadSalesHistory}
          onFocus={preloadSalesHistory}
        >
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
        <Suspense fallback={<PricingSkeleton />}>
          <PricingTab item={item} />
        </Suspense>
      </Tabs.Content>
      <Tabs.Content value="sales" className="pt-6 outline-none">
        <Suspense fallback={<SalesSkeleton />}>
          <SalesHistoryTab item={item} />
        </Suspense>
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
