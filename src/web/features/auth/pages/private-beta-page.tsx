import { Lock, LogOut, Mail, Users } from 'lucide-react'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { LOGOUT_PATH, signOutOnClick } from '#web/lib/auth/auth-queries.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'

export const CONTACT_EMAIL = 'support@brickfolio.app'

/** A mail draft asking for access, with the address the user signed in with. */
export function betaRequestMailto(email: string | null | undefined): string {
  const subject = 'Brickfolio beta access request'
  const body = `Hello,\n\nI would like to join the Brickfolio beta.\n\nMy account e-mail: ${email ?? ''}\n`
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

/** The access gate (spec 01 §2): signed in, but not on the beta access list. */
export function PrivateBetaPage() {
  useDocumentTitle('Private Beta')
  const { access, user } = useSession()
  const email = access?.userEmail ?? user?.email ?? null
  return (
    <section className="page-width flex flex-1 items-center justify-center py-12 sm:py-20">
      <Card className="w-full max-w-lg p-6 shadow-2xl shadow-black/40 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brick-red/15 text-brick-red">
            <Lock aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-5 font-extrabold text-3xl tracking-tight">Private Beta</h1>
          <span className="mt-3 inline-flex items-center rounded-full border border-brick-red/60 bg-brick-red/10 px-3 py-1 font-semibold text-[#ff8a8c] text-xs uppercase tracking-wide">
            Access Restricted
          </span>
          <p className="mt-5 text-pretty text-muted">
            Brickfolio is currently in private beta. Access is limited to invited collectors while we get
            everything ready.
          </p>
        </div>

        <div className="mt-6 rounded-xl border border-line bg-canvas p-4">
          <p className="text-subtle text-xs uppercase tracking-wide">Signed in as</p>
          <p className="mt-1 break-all font-semibold text-fg">{email}</p>
          <p className="mt-1 text-[#ff8a8c] text-sm">This email is not on our beta access list</p>
        </div>

        <div className="mt-4 flex gap-3 rounded-xl border border-line bg-canvas p-4">
          <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brick-yellow" />
          <div>
            <h2 className="font-semibold text-fg">Limited Access</h2>
            <p className="mt-1 text-pretty text-muted text-sm">
              We are opening Brickfolio to a small group of collectors first, so we can shape it around how
              you really collect. More places open up as the beta grows.
            </p>
          </div>
        </div>

        <p className="mt-6 text-center text-muted text-sm">
          Interested in joining? Contact us for beta access.
        </p>

        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <a href={betaRequestMailto(email)} className={buttonClasses('primary', 'md', 'sm:flex-1')}>
            <Mail aria-hidden="true" />
            Contact Us
          </a>
          <a
            href={LOGOUT_PATH}
            onClick={signOutOnClick}
            className={buttonClasses('secondary', 'md', 'sm:flex-1')}
          >
            <LogOut aria-hidden="true" />
            Sign Out
          </a>
        </div>
      </Card>
    </section>
  )
}
