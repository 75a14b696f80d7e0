import type { User } from '#shared/contract/auth.ts'
import { Avatar, initialsOf } from '#web/components/ui/avatar.tsx'
import { DeferredMenu } from '#web/components/ui/deferred-menu.tsx'

const loadMenu = () => import('./user-menu-list.tsx').then((module) => module.UserMenuList)

export const userTriggerClasses =
  'rounded-full ring-offset-2 ring-offset-canvas transition-shadow hover:ring-2 hover:ring-line-strong data-[state=open]:ring-2 data-[state=open]:ring-brick-yellow'

/** Names the initials the button shows, so a voice command naming what is seen works (WCAG 2.5.3). */
export const userMenuLabel = (user: User) =>
  `Account menu, ${initialsOf(user.firstName, user.lastName, user.email)}`

export function UserMenuFace({ user }: { user: User }) {
  return (
    <Avatar
      imageUrl={user.profileImageUrl}
      firstName={user.firstName}
      lastName={user.lastName}
      email={user.email}
    />
  )
}

/** Avatar button with Profile, Settings and Logout (spec 01 §2); Moderation for moderators. */
export function UserMenu({ user }: { user: User }) {
  return (
    <DeferredMenu load={loadMenu} props={{ user }} label={userMenuLabel(user)} className={userTriggerClasses}>
      <UserMenuFace user={user} />
    </DeferredMenu>
  )
}
