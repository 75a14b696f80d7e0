import { LogIn } from 'lucide-react'
import { Link, useLocation } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { NotificationBell } from '#web/features/alerts/index.ts'
import { navigateToLogin } from '#web/lib/auth/auth-queries.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { CurrencyMenu } from './currency-menu.tsx'
import { NavLinkItem } from './nav-link-item.tsx'
import { DESKTOP_LINKS } from './nav-links.ts'
import { UserMenu } from './user-menu.tsx'
import { Wordmark } from './wordmark.tsx'

export function SiteHeader() {
  const { status, user } = useSession()
  const [location] = useLocation()
  const signedIn = status === 'ready' && user
  return (
    <header className="sticky top-0 z-40 border-line border-b bg-canvas/85 backdrop-blur supports-[backdrop-filter]:bg-canvas/70">
      <div className="page-width flex h-16 items-center gap-3 sm:gap-4">
        <Link href="/" className="-mx-1 flex items-center rounded-md px-1 py-1" aria-label="Brickfolio home">
          <Wordmark className="text-xl sm:text-2xl" />
        </Link>

        {signedIn ? (
          <nav aria-label="Main" className="ml-4 hidden md:block">
            <ul className="flex items-center gap-1">
              {DESKTOP_LINKS.map(({ href, label }) => (
                <NavLinkItem
                  key={href}
                  href={href}
                  className="rounded-lg px-3 py-2 font-medium text-sm transition-colors"
                  currentClassName="bg-raised text-fg"
                  otherClassName="text-muted hover:bg-raised/60 hover:text-fg"
                >
                  {label}
                </NavLinkItem>
              ))}
            </ul>
          </nav>
        ) : null}

        <div className="flex-1" />

        <div className="flex items-center gap-2">
          {status === 'signed-out' || status === 'ready' ? <CurrencyMenu /> : null}
          {signedIn ? <NotificationBell /> : null}
          {signedIn ? <UserMenu user={user} /> : null}
          {/* The login page has its own forms; elsewhere signed-out visitors get the button. */}
          {status === 'signed-out' && location !== '/login' ? <SignInButton /> : null}
        </div>
      </div>
    </header>
  )
}

/** Login is a full navigation to the server's login route, not a client-side route change. */
function SignInButton() {
  return (
    <button type="button" className={buttonClasses('primary', 'sm')} onClick={navigateToLogin}>
      <LogIn aria-hidden="true" />
      <span>
        {/* Narrow screens show 'Login'; the button's name stays 'Sign Up / Login'. */}
        <span className="sr-only sm:not-sr-only">Sign Up / </span>Login
      </span>
    </button>
  )
}
