import type { ReactNode } from 'react'
import type { PriceSummaryResponse } from '#shared/contract/market.ts'
import { GRADES, type Grade } from '#shared/contract/values.ts'
import { Card } from '#web/components/ui/card.tsx'
import { cn } from '#web/lib/cn.ts'
import { usePrice } from '#web/lib/currency/currency-provider.tsx'
import { formatDay } from '#web/lib/format.ts'
import { GRADE_LABELS } from '#web/lib/labels.ts'

/** Market Summary (spec 02 §2): last sale, 30d and 90d averages and 30d volume, for new and used. */
export function MarketSummary({ summary }: { summary: PriceSummaryResponse }) {
  const formatAmount = usePrice()
  const amount = (value: string | null) => (value === null ? <Dash /> : formatAmount(value))
  const rows: Array<{ label: string; cell: (grade: Grade) => ReactNode }> = [
    {
      label: 'Last sale',
      cell: (grade) => {
        const { lastSale, lastSaleDate } = summary[grade]
        if (lastSale === null) return <Dash />
        return (
          <>
            {formatAmount(lastSale)}
            {lastSaleDate ? (
              <span className="block font-normal text-subtle text-xs">{formatDay(lastSaleDate)}</span>
            ) : null}
          </>
        )
      },
    },
    { label: '30d average', cell: (grade) => amount(summary[grade].avg30d) },
    { label: '90d average', cell: (grade) => amount(summary[grade].avg90d) },
    { label: '30d volume', cell: (grade) => summary[grade].volume30d },
  ]
  return (
    <Card as="section" aria-labelledby="market-summary-heading" className="p-5">
      <h2 id="market-summary-heading" className="font-semibold text-fg">
        Market Summary
      </h2>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="border-line border-b text-subtle text-xs uppercase tracking-wide">
            <th scope="col" className="pb-2 text-left font-medium">
              <span className="sr-only">Measure</span>
            </th>
            {GRADES.map((grade) => (
              <th key={grade} scope="col" className="pb-2 pl-3 text-right font-medium">
                {GRADE_LABELS[grade]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.label} className={cn(index > 0 && 'border-line border-t')}>
              <th scope="row" className="py-2.5 text-left align-top font-normal text-muted">
                {row.label}
              </th>
              {GRADES.map((grade) => (
                <td key={grade} className="py-2.5 pl-3 text-right align-top font-semibold text-fg tabular">
                  {row.cell(grade)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}

function Dash() {
  return (
    <span className="font-normal text-subtle">
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </span>
  )
}
