import * as Tabs from '@radix-ui/react-tabs'
import { ShieldAlert } from 'lucide-react'
import { type ComponentType, lazy, Suspense } from 'react'
import { useLocation, useSearch } from 'wouter'
import { canManageMembers, canOpenModeration } from '#shared/permissions.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ListSkeleton } from '#web/components/ui/list-states.tsx'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { MODERATION_TEXTS } from '../moderation-texts.ts'

/** A tab's list as its own chunk: only the tab shown loads its code. */
function lazyTab(load: () => Promise<Record<string, unknown>>, name: string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }))
}
const PendingSalesTab = lazyTab(() => import('../components/pending-sales-tab.tsx'), 'PendingSalesTab')
const ItemRequestsTab = lazyTab(() => import('../components/item-requests-tab.tsx'), 'ItemRequestsTab')
const ReportedPostsTab = lazyTab(() => import('../components/reported-posts-tab.tsx'), 'ReportedPostsTab')
const MembersTab = lazyTab(() => import('../components/members-tab.tsx'), 'MembersTab')

const TABS = [
  { value: 'sales', label: 'Pending sales', adminOnly: false },
  { value: 'requests', label: 'Item requests', adminOnly: false },
  { value: 'posts', label: 'Reported posts', adminOnly: false },
  { value: 'members', label: 'Members', adminOnly: true },
] as const
type TabValue = (typeof TABS)[number]['value']

const triggerClasses =
  '-mb-px shrink-0 whitespace-nowrap border-transparent border-b-2 px-3 py-2.5 font-medium text-muted text-sm transition-colors sm:px-4 ' +
  'hover:text-fg data-[state=active]:border-brick-yellow data-[state=active]:text-fg'

/**
 * The moderation screen (DESIGN §4), for trusted members and admins: pending sales to verify or reject,
 * item requests to approve or reject, reported community posts to hide or keep (issue 14), and for admins
 * the members to trust. The tab is in the address
 * (`?tab=requests`), so a link opens it and Back returns to the one before. Anyone else is told, as the
 * edit screen tells who may not edit, that it is for moderators.
 */
export function ModerationPage() {
  useDocumentTitle(MODERATION_TEXTS.title)
  const { user } = useSession()
  const search = useSearch()
  const [location, navigate] = useLocation()
  if (!user || !canOpenModeration(user)) return <ModeratorsOnly />
  const tabs = TABS.filter((tab) => !tab.adminOnly || canManageMembers(user))
  const asked = new URLSearchParams(search).get('tab')
  const current: TabValue = tabs.find((tab) => tab.value === asked)?.value ?? 'sales'

  return (
    <div className="page-width py-8 sm:py-12">
      <header>
        <h1 className="font-extrabold text-2xl tracking-tight sm:text-3xl">{MODERATION_TEXTS.title}</h1>
        <p className="mt-1.5 max-w-2xl text-pretty text-muted">{MODERATION_TEXTS.intro}</p>
      </header>
      <Tabs.Root
        value={current}
        onValueChange={(value) => navigate(value === 'sales' ? location : `${location}?tab=${value}`)}
        className="mt-6"
      >
        <Tabs.List aria-label="Moderation" className="flex overflow-x-auto border-line border-b">
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={triggerClasses}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="sales" className="pt-6 outline-none">
          <Suspense fallback={<ListSkeleton />}>
            <PendingSalesTab />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="requests" className="pt-6 outline-none">
          <Suspense fallback={<ListSkeleton />}>
            <ItemRequestsTab />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="posts" className="pt-6 outline-none">
          <Suspense fallback={<ListSkeleton />}>
            <ReportedPostsTab />
          </Suspense>
        </Tabs.Content>
        {canManageMembers(user) ? (
          <Tabs.Content value="members" className="pt-6 outline-none">
            <Suspense fallback={<ListSkeleton />}>
              <MembersTab />
            </Suspense>
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </div>
  )
}

function ModeratorsOnly() {
  return (
    <div className="page-width py-8 sm:py-12">
      <h1 className="font-extrabold text-2xl tracking-tight sm:text-3xl">{MODERATION_TEXTS.title}</h1>
      <Card role="alert" className="mt-6 flex max-w-2xl items-start gap-3 p-5">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brick-yellow" />
        <div>
          <p className="font-semibold">{MODERATION_TEXTS.forbiddenTitle}</p>
          <p className="mt-1 text-muted text-sm">{MODERATION_TEXTS.forbiddenText}</p>
        </div>
      </Card>
    </div>
  )
}
