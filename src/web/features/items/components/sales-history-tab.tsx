import { ReceiptText } from 'lucide-react'
import type { ItemDetail } from '../../../../shared/contract/catalogue.ts'

/** The Sales History tab: a placeholder until recorded sales are listed here. */
export function SalesHistoryTab({ item }: { item: ItemDetail }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-line border-dashed px-6 py-12 text-center">
      <ReceiptText aria-hidden="true" className="size-6 text-subtle" />
      <p className="mt-3 font-semibold">Sales history coming soon.</p>
      <p className="mt-1 max-w-sm text-pretty text-muted text-sm">
        Recorded sales of {item.name} will be listed here, with their price, condition and date.
      </p>
    </div>
  )
}
