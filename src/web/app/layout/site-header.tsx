import { LogIn } from 'lucide-react'
import { Link } from 'wouter'
import { buttonClasses } from '../../components/ui/button.ts'
import { Wordmark } from './wordmark.tsx'

export const LOGIN_PATH = '/api/login'

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-line border-b bg-canvas/85 backdrop-blur supports-[backdrop-filter]:bg-canvas/70">
      <div className="page-width flex h-16 items-center gap-4">
        <Link href="/" className="-mx-1 flex items-center rounded-md px-1 py-1" aria-label="Brickfolio home">
          <Wordmark />
        </Link>

        {/* Signed-in desktop links (Home, Collection, Sets, Minifigures, Community) go here. */}
        <div className="flex-1" />

        {/* Signed out (spec 01 §2): only the Sign Up / Login button. The user menu replaces it. */}
        <div className="flex items-center gap-2">
          <SignInButton />
        </div>
      </div>
    </header>
  )
}

/** Login is a full navigation to the server's login route, not a client-side route change. */
function SignInButton() {
  return (
    <button
      type="button"
      className={buttonClasses('primary', 'sm')}
      onClick={() => {
        window.location.href = LOGIN_PATH
      }}
    >
      <LogIn aria-hidden="true" />
      Sign Up / Login
    </button>
  )
}
