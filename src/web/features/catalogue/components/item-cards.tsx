import { Blocks, CalendarDays, PersonStanding } from 'lucide-react'
import { Link } from 'wouter'
import type { Item } from '#shared/contract/catalogue.ts'
import { Card, cardClasses } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatCount } from '#web/lib/format.ts'
import { useRetailText } from '../retail-label.ts'
import { ThemeBadge } from './theme-badge.tsx'

const linkCardClasses = cn(
  cardClasses(),
  'group flex h-full flex-col overflow-hidden transition-colors hover:border-line-strong hover:bg-raised/40 focus-visible:border-brick-yellow',
)

/** A set on the sets list: picture, 'number - name', theme with tags, year, pieces, figures, retail. */
export function SetCard({ item }: { item: Item }) {
  const retail = useRetailText(item, 'short')
  return (
    <Link href={`/item/${item.slug}`} className={linkCardClasses} data-testid="set-card">
      <ItemImage item={item} alt={item.name} className="aspect-[4/3] w-full border-line border-b" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="font-semibold text-base text-fg leading-snug">
          <span className="font-mono text-brick-yellow tabular">{item.number}</span> - {item.name}
        </h2>
        <ThemeBadge theme={item.theme} themeData={item.themeData} withTags />
        <dl className="mt-auto grid grid-cols-3 gap-2 border-line border-t pt-3 text-sm">
          <Fact icon={CalendarDays} label="Year" value={item.year ? String(item.year) : '—'} />
          <Fact icon={Blocks} label="Pieces" value={item.pieces ? formatCount(item.pieces) : '—'} />
          <Fact
            icon={PersonStanding}
            label="Minifigures"
            value={item.minifigures !== null ? String(item.minifigures) : '—'}
          />
        </dl>
        <div className="flex items-baseline justify-between gap-2">
          <span className="text-subtle text-xs uppercase tracking-wide">
            Retail
            {retail.region ? <span title={`${retail.region} retail price`}> · {retail.region}</span> : null}
          </span>
          <span
            className={cn(
              'tabular',
              retail.isPrice
                ? 'font-bold text-fg text-lg'
                : 'rounded-full bg-raised px-2.5 py-0.5 text-muted text-xs',
            )}
          >
            {retail.text}
          </span>
        </div>
      </div>
    </Link>
  )
}

function Fact({ icon: Icon, label, value }: { icon: typeof Blocks; label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1 text-subtle text-xs">
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        {label}
      </dt>
      <dd className="mt-0.5 truncate font-medium text-fg tabular">{value}</dd>
    </div>
  )
}

/** A minifigure on the minifigures list: picture, number, name, theme and year. */
export function MinifigCard({ item }: { item: Item }) {
  return (
    <Link href={`/item/${item.slug}`} className={linkCardClasses} data-testid="minifig-card">
      <ItemImage item={item} alt={item.name} className="aspect-square w-full border-line border-b" />
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="font-mono text-brick-yellow text-xs tabular">{item.number}</p>
        <h2 className="line-clamp-2 font-semibold text-fg text-sm leading-snug">{item.name}</h2>
        <p className="mt-auto truncate pt-1 text-muted text-xs">
          {item.theme}
          {item.year ? ` · ${item.year}` : ''}
        </p>
      </div>
    </Link>
  )
}

export function SetCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-5 w-2/5 rounded-full" />
        <div className="grid grid-cols-3 gap-2 border-line border-t pt-3">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
        <Skeleton className="h-6 w-1/3 justify-self-end" />
      </div>
    </Card>
  )
}

export function MinifigCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="grid gap-2 p-3">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </Card>
  )
}
