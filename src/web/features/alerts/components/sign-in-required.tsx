import { Eye, LogIn } from 'lucide-react'
import { Link } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { EmptyScreen } from '#web/components/ui/list-states.tsx'
import { ALERT_TEXTS } from '../alert-texts.ts'

/** 'Sign in Required' (spec 02 §2) for the watchlist and the notification centre, with what each keeps. */
export function SignInRequired({ text }: { text: string }) {
  return (
    <div className="page-width py-8 sm:py-12">
      <EmptyScreen icon={Eye} title={ALERT_TEXTS.signInRequired} text={text}>
        <Link href="/login" className={buttonClasses('primary', 'md')}>
          <LogIn aria-hidden="true" />
          Sign in
        </Link>
      </EmptyScreen>
    </div>
  )
}
