import { Boxes, Home, type LucideIcon, PersonStanding, ToyBrick, UserRound, Users } from 'lucide-react'

export interface NavLink {
  href: string
  label: string
  icon: LucideIcon
}

/** Header links for signed-in users on wide screens (spec 01 §2). */
export const DESKTOP_LINKS: NavLink[] = [
  { href: '/', label: 'Home', icon: Home },
  { href: '/collection', label: 'Collection', icon: Boxes },
  { href: '/sets', label: 'Sets', icon: ToyBrick },
  { href: '/minifigures', label: 'Minifigures', icon: PersonStanding },
  { href: '/social-feed', label: 'Community', icon: Users },
]

/** The mobile bottom bar, signed in only, below the md breakpoint (spec 01 §2). */
export const MOBILE_LINKS: NavLink[] = [
  { href: '/', label: 'Home', icon: Home },
  { href: '/sets', label: 'Sets', icon: ToyBrick },
  { href: '/minifigures', label: 'Minifigs', icon: PersonStanding },
  { href: '/collection', label: 'Collection', icon: Boxes },
  { href: '/social-feed', label: 'Community', icon: Users },
  { href: '/profile', label: 'Profile', icon: UserRound },
]

/** Whether a link is the current route: Home only on '/', others on their path and below it. */
export function isCurrentRoute(href: string, location: string): boolean {
  if (href === '/') return location === '/'
  return location === href || location.startsWith(`${href}/`)
}
