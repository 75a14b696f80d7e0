import type { Portfolio } from '#shared/contract/collections.ts'
import { BarList } from '#web/components/ui/bar-list.tsx'
import { Card } from '#web/components/ui/card.tsx'
import { plural } from '#web/lib/format.ts'
import { allocationRows } from '../allocation-shares.ts'

interface AllocationProps {
  portfolio: Portfolio | undefined
  format: (amountGbp: string | null | undefined) => string
}

/** Where the value sits: by theme, and sets against minifigures, each with its amount and share. */
export function Allocation({ portfolio, format }: AllocationProps) {
  const themes = allocationRows(portfolio?.byTheme ?? [])
  const types = allocationRows(portfolio?.byType ?? [])
  const note = (basis: 'value' | 'costBasis') =>
    basis === 'value' ? 'Share of current value' : 'Share of cost (no market prices yet)'
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card as="section" aria-labelledby="themes-heading" className="p-4 sm:p-6">
        <h2 id="themes-heading" className="font-bold text-lg">
          By theme
        </h2>
        <p className="mt-1 text-subtle text-xs">{note(themes.basis)}</p>
        {themes.rows.length > 0 ? (
          <BarList
            className="mt-4"
            label="Allocation by theme"
            rows={themes.rows.map((row) => ({
              key: row.theme,
              label: row.theme,
              valueText: format(row.amount),
              percent: row.percent,
            }))}
          />
        ) : (
          <p className="mt-4 text-muted text-sm">{portfolio ? 'Nothing yet.' : 'Loading…'}</p>
        )}
      </Card>
      <Card as="section" aria-labelledby="types-heading" className="p-4 sm:p-6">
        <h2 id="types-heading" className="font-bold text-lg">
          Sets vs minifigures
        </h2>
        <p className="mt-1 text-subtle text-xs">{note(types.basis)}</p>
        {types.rows.length > 0 ? (
          <BarList
            className="mt-4"
            label="Allocation by type"
            colors={['bg-brick-blue-bright', 'bg-brick-red']}
            rows={types.rows.map((row) => ({
              key: row.type,
              label: row.type === 'set' ? 'Sets' : 'Minifigures',
              detail: plural(row.items, 'item', 'items'),
              valueText: format(row.amount),
              percent: row.percent,
            }))}
          />
        ) : (
          <p className="mt-4 text-muted text-sm">{portfolio ? 'Nothing yet.' : 'Loading…'}</p>
        )}
      </Card>
    </div>
  )
}
