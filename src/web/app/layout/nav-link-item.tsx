import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { cn } from '#web/lib/cn.ts'
import { isCurrentRoute } from './nav-links.ts'

/** One link of a navigation list, marked `aria-current="page"` on its route and styled by that. */
export function NavLinkItem({
  href,
  className,
  currentClassName,
  otherClassName,
  children,
}: {
  href: string
  className: string
  currentClassName: string
  otherClassName: string
  children: ReactNode
}) {
  const [location] = useLocation()
  const current = isCurrentRoute(href, location)
  return (
    <li>
      <Link
        href={href}
        aria-current={current ? 'page' : undefined}
        className={cn(className, current ? currentClassName : otherClassName)}
      >
        {children}
      </Link>
    </li>
  )
}
