import type { ImportPreview } from '#shared/contract/imports.ts'
import { GRADES, isOneOf } from '#shared/contract/values.ts'
import { formatPrice, isCurrencyCode } from '#shared/money.ts'
import { cn } from '#web/lib/cn.ts'
import { NO_VALUE } from '#web/lib/format.ts'
import { GRADE_LABELS } from '#web/lib/labels.ts'
import { RowsTable } from './rows-table.tsx'

type SampleRow = ImportPreview['sample'][number]

const ACTION_LABELS: Record<SampleRow['action'], string> = {
  new: 'New',
  update: 'Update',
  unchanged: 'Unchanged',
}

/** A price as the file writes it, in its own currency (never converted: it is what the user typed there). */
function fileAmount(price: SampleRow['price'], chosenCurrency: string | undefined): string {
  if (!price) return NO_VALUE
  const currency = price.currency ?? chosenCurrency ?? null
  if (currency && isCurrencyCode(currency)) return formatPrice(price.amount, currency, undefined, currency)
  return currency ? `${price.amount} ${currency}` : `${price.amount} (currency to choose)`
}

/** A wanted list's grade ('new') as the app writes it; a collection's condition label as it is. */
const conditionText = (condition: string | null) =>
  condition === null ? NO_VALUE : isOneOf(GRADES, condition) ? GRADE_LABELS[condition] : condition

/** The first rows as they would be written, so the user sees the file was read right. */
export function ImportSample({
  sample,
  chosenCurrency,
}: {
  sample: SampleRow[]
  chosenCurrency: string | undefined
}) {
  if (sample.length === 0) return null
  return (
    <section aria-labelledby="import-sample-heading" className="grid gap-3">
      <h3 id="import-sample-heading" className="font-semibold">
        The first rows, as they will be imported
      </h3>
      <RowsTable
        className="min-w-[34rem]"
        columns={[
          { label: 'Line', numeric: true },
          { label: 'Item' },
          { label: 'Qty', numeric: true },
          { label: 'Condition' },
          { label: 'Price', numeric: true },
          { label: 'Action' },
        ]}
      >
        {sample.map((row) => (
          <tr key={row.line} data-testid="import-sample-row">
            <td className="px-3 py-2 text-right text-muted tabular">{row.line}</td>
            <td className="px-3 py-2">
              <span className="font-medium">{row.item.number}</span>{' '}
              <span className="text-muted">{row.item.name}</span>
            </td>
            <td className="px-3 py-2 text-right tabular">{row.quantity ?? NO_VALUE}</td>
            <td className="px-3 py-2">{conditionText(row.condition)}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular">
              {fileAmount(row.price, chosenCurrency)}
            </td>
            <td className={cn('px-3 py-2', row.action === 'unchanged' ? 'text-subtle' : 'text-fg')}>
              {ACTION_LABELS[row.action]}
            </td>
          </tr>
        ))}
      </RowsTable>
    </section>
  )
}
