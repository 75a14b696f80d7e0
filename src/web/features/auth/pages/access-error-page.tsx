import { LogOut, RefreshCw, TriangleAlert } from 'lucide-react'
import { buttonClasses } from '#web/components/ui/button.ts'
import { LOGOUT_PATH, signOutOnClick } from '#web/lib/auth/auth-queries.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'

/** The beta-access check failed twice (network or server trouble): offer to try again. */
export function AccessErrorPage() {
  useDocumentTitle('Something went wrong')
  const { retryAccess } = useSession()
  return (
    <section className="page-width flex flex-1 flex-col items-center justify-center py-20 text-center">
      <TriangleAlert aria-hidden="true" className="size-10 text-brick-yellow" />
      <h1 className="mt-5 font-extrabold text-2xl tracking-tight sm:text-3xl">
        We couldn't check your access
      </h1>
      <p className="mt-3 max-w-md text-pretty text-muted">
        Brickfolio did not answer in time. Check your connection and try again.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <button type="button" className={buttonClasses('primary', 'md')} onClick={retryAccess}>
          <RefreshCw aria-hidden="true" />
          Try again
        </button>
        <a href={LOGOUT_PATH} onClick={signOutOnClick} className={buttonClasses('secondary', 'md')}>
          <LogOut aria-hidden="true" />
          Sign Out
        </a>
      </div>
    </section>
  )
}
