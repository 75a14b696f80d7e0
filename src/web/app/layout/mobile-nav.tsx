import { NavLinkItem } from './nav-link-item.tsx'
import { MOBILE_LINKS } from './nav-links.ts'

/** The bottom bar for signed-in users on narrow screens (spec 01 §2); the current route is lit. */
export function MobileNav() {
  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-40 border-line border-t bg-canvas/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-6">
        {MOBILE_LINKS.map(({ href, label, icon: Icon }) => (
          <NavLinkItem
            key={href}
            href={href}
            className="flex h-16 flex-col items-center justify-center gap-1 font-medium text-[0.6875rem] transition-colors"
            currentClassName="text-brick-yellow"
            otherClassName="text-muted hover:text-fg"
          >
            <Icon aria-hidden="true" className="size-5" />
            {label}
          </NavLinkItem>
        ))}
      </ul>
    </nav>
  )
}
