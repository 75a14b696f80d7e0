import { ArrowRight, Boxes, Eye, Target, Upload } from 'lucide-react'
import { Link } from 'wouter'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Card } from '#web/components/ui/card.tsx'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { AccountStatsCard } from '../components/account-stats-card.tsx'
import { AlertEmailCard } from '../components/alert-email-card.tsx'
import { PersonalInfoCard } from '../components/personal-info-card.tsx'
import { PushCard } from '../components/push-card.tsx'
import { SessionsCard } from '../components/sessions-card.tsx'
import { profileTypeTitle } from '../profile-form.ts'

const QUICK_LINKS = [
  { href: '/collection', label: 'My Collection', text: 'Your sets and minifigures', icon: Boxes },
  { href: '/watchlist', label: 'Watchlist', text: 'Items you are keeping an eye on', icon: Eye },
  { href: '/wanted', label: 'Wanted List', text: 'Sets and minifigures you are looking for', icon: Target },
  {
    href: '/import-data',
    label: 'Import Data',
    text: 'From BrickLink, Brickset, Rebrickable, BrickEconomy or BrickOwl',
    icon: Upload,
  },
]

/** The signed-in user's profile (spec 01 §2). */
export function ProfilePage() {
  useDocumentTitle('Profile')
  const { user } = useSession()
  if (!user) return null
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  const typeTitle = profileTypeTitle(user.profileType)

  return (
    <div className="page-width py-8 sm:py-12">
      <header className="flex items-center gap-4">
        <Avatar
          imageUrl={user.profileImageUrl}
          firstName={user.firstName}
          lastName={user.lastName}
          email={user.email}
          className="size-16 text-xl"
        />
        <div className="min-w-0">
          <h1 className="truncate font-extrabold text-2xl tracking-tight sm:text-3xl">
            {name || 'Your profile'}
          </h1>
          <div className="mt-1.5 flex flex-wrap items-center gap-2">
            {typeTitle ? (
              <span className="inline-flex items-center rounded-full border border-brick-yellow/50 bg-brick-yellow/10 px-2.5 py-0.5 font-semibold text-brick-yellow text-xs">
                {typeTitle}
              </span>
            ) : null}
            <span className="truncate text-muted text-sm">{user.email}</span>
          </div>
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* Columns of minmax(0, 1fr): nothing in a card widens the page. */}
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <PersonalInfoCard user={user} />
          <AlertEmailCard />
          <PushCard />
          <SessionsCard />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <AccountStatsCard />
          <Card as="nav" aria-labelledby="quick-links-heading" className="p-5 sm:p-6">
            <h2 id="quick-links-heading" className="font-bold text-lg">
              Quick links
            </h2>
            <ul className="mt-3 grid gap-2">
              {QUICK_LINKS.map(({ href, label, text, icon: Icon }) => (
                <li key={href}>
                  <Link
                    href={href}
                    className="group flex items-center gap-3 rounded-xl border border-line bg-canvas p-3 transition-colors hover:border-line-strong hover:bg-raised"
                  >
                    <Icon aria-hidden="true" className="size-5 shrink-0 text-brick-yellow" />
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-fg text-sm">{label}</span>
                      <span className="block text-pretty text-muted text-xs">{text}</span>
                    </span>
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 text-subtle transition-transform group-hover:translate-x-0.5"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </div>
  )
}
