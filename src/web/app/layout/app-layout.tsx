import { type ReactNode, useEffect } from 'react'
import { useLocation } from 'wouter'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { cn } from '#web/lib/cn.ts'
import { MobileNav } from './mobile-nav.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

/** A header and a footer wrap every screen (spec 01 §2); signed-in phones get the bottom bar. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { status } = useSession()
  const [location] = useLocation()
  // A new screen starts at its top (client-side navigation keeps the old scroll position otherwise).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of route
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0)
  }, [location])
  const withBottomBar = status === 'ready'
  return (
    <div className={cn('flex min-h-dvh flex-col', withBottomBar && 'pb-16 md:pb-0')}>
      <a
        href="#main"
        className="sr-only rounded-lg bg-brick-yellow px-4 py-2 font-semibold text-neutral-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so content arriving never pushes it (CLS). */}
      <main id="main" tabIndex={-1} className="flex min-h-[100svh] flex-1 flex-col outline-none">
        {children}
      </main>
      <SiteFooter />
      {withBottomBar ? <MobileNav /> : null}
    </div>
  )
}
