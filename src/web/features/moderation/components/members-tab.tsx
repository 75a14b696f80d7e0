import { useInfiniteQuery } from '@tanstack/react-query'
import { ShieldCheck, Users } from 'lucide-react'
import { useId, useState } from 'react'
import type { Member } from '#shared/contract/moderation.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Card } from '#web/components/ui/card.tsx'
import { EmptyList, ListError, ListSkeleton, LoadMore } from '#web/components/ui/list-states.tsx'
import { SearchField } from '#web/components/ui/search-field.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { serverMessage } from '#web/lib/api.ts'
import { formatDate, plural } from '#web/lib/format.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { MODERATION_TEXTS } from '../moderation-texts.ts'
import { useSetTrusted } from '../mutations.ts'
import { moderationQueries } from '../queries.ts'

const SEARCH_DEBOUNCE_MS = 300

const memberName = (member: Member) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email || 'A member without a name'

/**
 * Admins find members by e-mail or name and grant or remove "trusted": a trusted member's sales are
 * verified as they record them, and they moderate others'. Admins are marked; their trust is theirs already.
 */
export function MembersTab() {
  const searchId = useId()
  const [typed, setTyped] = useState('')
  const query = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS)
  const members = useInfiniteQuery(moderationQueries.members(query))
  const pages = members.data?.pages ?? []
  const rows = pages.flatMap((page) => page.users)
  const total = pages.at(-1)?.total ?? 0
  const setTrusted = useSetTrusted()
  const { toast } = useToast()

  const onToggle = (member: Member, isTrusted: boolean) =>
    setTrusted.mutate(
      { id: member.id, isTrusted },
      {
        onSuccess: () =>
          toast({
            title: isTrusted
              ? `${memberName(member)} is now trusted`
              : `${memberName(member)} is no longer trusted`,
            description: isTrusted
              ? 'Their sales are verified as they record them, and they can moderate.'
              : 'Their sales wait for a moderator again.',
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: MODERATION_TEXTS.trustFailure,
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    )

  return (
    <section aria-labelledby="members-heading" className="grid gap-4">
      <div>
        <h2 id="members-heading" className="font-bold text-lg">
          Members
        </h2>
        <p className="text-muted text-sm">
          Trusted members' sales are verified as they record them, and they can verify and reject others'.
        </p>
      </div>
      <div className="max-w-md">
        <SearchField
          id={searchId}
          label="Search members by e-mail or name"
          placeholder="Search by e-mail or name"
          value={typed}
          onChange={setTyped}
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {members.isSuccess ? plural(total, 'member found', 'members found') : ''}
      </p>
      {members.isPending ? (
        <ListSkeleton />
      ) : members.isError ? (
        <ListError text="The members could not be loaded." onRetry={() => void members.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyList icon={Users} title={query ? 'No members match' : 'No members yet'}>
          {query ? `Nobody's e-mail or name contains “${query}”.` : 'People who sign up show up here.'}
        </EmptyList>
      ) : (
        <>
          <Card as="ul" aria-label="Members" className="divide-y divide-line">
            {rows.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                busy={setTrusted.isPending && setTrusted.variables?.id === member.id}
                onToggle={onToggle}
              />
            ))}
          </Card>
          <LoadMore
            shown={rows.length}
            total={total}
            hasMore={members.hasNextPage}
            loading={members.isFetchingNextPage}
            onLoad={() => void members.fetchNextPage()}
          />
        </>
      )}
    </section>
  )
}

function MemberRow({
  member,
  busy,
  onToggle,
}: {
  member: Member
  busy: boolean
  onToggle: (member: Member, isTrusted: boolean) => void
}) {
  const name = memberName(member)
  return (
    <li data-testid="member" className="flex flex-wrap items-center gap-3 p-4">
      <Avatar
        firstName={member.firstName}
        lastName={member.lastName}
        email={member.email}
        className="size-10 text-sm"
      />
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate font-semibold text-fg text-sm">{name}</p>
        {member.email && member.email !== name ? (
          <p className="truncate text-muted text-xs">{member.email}</p>
        ) : null}
        <p className="mt-0.5 text-subtle text-xs tabular">
          Joined {formatDate(member.createdAt)} · {plural(member.salesCount, 'sale', 'sales')} recorded
        </p>
      </div>
      <div className="ml-auto shrink-0">
        {member.role === 'admin' ? (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-brick-yellow/50 bg-brick-yellow/10 px-2.5 py-1 font-semibold text-brick-yellow text-xs">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            Admin
          </span>
        ) : (
          <Switch
            checked={member.isTrusted}
            onCheckedChange={(checked) => onToggle(member, checked)}
            label={`Trusted: ${name}`}
            text="Trusted"
            disabled={busy}
          />
        )}
      </div>
    </li>
  )
}
