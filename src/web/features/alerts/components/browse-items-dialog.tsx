import { PersonStanding, ToyBrick } from 'lucide-react'
import { Link } from 'wouter'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { ALERT_TEXTS } from '../alert-texts.ts'

const PLACES = [
  { href: '/sets', label: 'LEGO Sets', icon: ToyBrick },
  { href: '/minifigures', label: 'Minifigures', icon: PersonStanding },
] as const

/** The empty watchlist's Browse Items dialog (spec 02 §2): LEGO Sets or Minifigures. */
export function BrowseItemsDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={ALERT_TEXTS.browseTitle}
      description={ALERT_TEXTS.browseText}
    >
      <ul className="grid gap-3 sm:grid-cols-2">
        {PLACES.map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              onClick={() => onOpenChange(false)}
              className="flex items-center gap-3 rounded-xl border border-line bg-canvas p-4 font-semibold transition-colors hover:border-line-strong hover:bg-raised"
            >
              <Icon aria-hidden="true" className="size-5 text-brick-yellow" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
