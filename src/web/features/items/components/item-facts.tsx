import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { useRetailText } from '#web/features/catalogue/index.ts'
import { formatCount } from '#web/lib/format.ts'

/** Year, pieces, retail price and minifigures of a set; year and the sets it comes in for a figure. */
export function ItemFacts({ item }: { item: ItemDetail }) {
  const isSet = item.type === 'set'
  const retail = useRetailText(item, 'long')
  // The set's stated count where there is one; else how many figures are linked to it.
  const figures = item.minifigures ?? item.minifigureCount
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Fact label="Year">{item.year ?? '—'}</Fact>
      {isSet ? (
        <>
          <Fact label="Pieces">{item.pieces ? formatCount(item.pieces) : '—'}</Fact>
          <Fact label="Retail Price">
            {retail.isPrice ? (
              <>
                {retail.text}{' '}
                {retail.region ? (
                  <span
                    className="align-middle font-medium text-muted text-xs"
                    title={`${retail.region} retail price`}
                  >
                    {retail.region}
                  </span>
                ) : null}
              </>
            ) : (
              <span className="text-base text-muted">{retail.text}</span>
            )}
          </Fact>
          <Fact label="Minifigures">
            <Link
              href={`/minifigures?set=${encodeURIComponent(item.number)}`}
              className="text-brick-blue-bright underline-offset-4 hover:underline"
              aria-label={`${figures} minifigures in this set`}
            >
              {figures}
            </Link>
          </Fact>
        </>
      ) : (
        <Fact label="Appears in">
          {item.minifigureCount} {item.minifigureCount === 1 ? 'set' : 'sets'}
        </Fact>
      )}
    </dl>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-line bg-surface px-4 py-3">
      <dt className="text-subtle text-xs uppercase tracking-wide">{label}</dt>
      <dd className="mt-1 break-words font-bold text-fg text-lg tabular leading-snug">{children}</dd>
    </div>
  )
}

/** For a minifigure: the sets it comes in, linked. */
export function AppearsInSets({ item }: { item: ItemDetail }) {
  const sets = item.setLinks.sets
  if (item.type !== 'minifig' || sets.length === 0) return null
  return (
    <section aria-labelledby="appears-in-heading">
      <h2 id="appears-in-heading" className="font-semibold text-muted text-sm">
        Appears in these sets
      </h2>
      <ul className="mt-2 grid gap-1.5">
        {sets.map((set) => (
          <li key={set.id}>
            <Link href={`/item/${set.slug}`} className="text-brick-blue-bright text-sm hover:underline">
              {set.number} - {set.name}
            </Link>
            {set.year ? <span className="text-muted text-sm"> · {set.year}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
