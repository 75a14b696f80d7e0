import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react'
import { Link } from 'wouter'
import type { User } from '#shared/contract/auth.ts'
import { canOpenModeration } from '#shared/permissions.ts'
import type { LoadedMenuProps } from '#web/components/ui/deferred-menu.tsx'
import { LoadedMenu } from '#web/components/ui/loaded-menu.tsx'
import { menuItemClasses } from '#web/components/ui/menu-styles.ts'
import { MODERATION_PATH } from '#web/features/moderation/index.ts'
import { LOGOUT_PATH, signOutOnClick } from '#web/lib/auth/auth-queries.ts'
import { UserMenuFace, userMenuLabel, userTriggerClasses } from './user-menu.tsx'

/** The account menu itself, loaded when first wanted (user-menu.tsx). */
export function UserMenuList({ user, ...loaded }: { user: User } & LoadedMenuProps) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return (
    <LoadedMenu
      {...loaded}
      label={userMenuLabel(user)}
      triggerClassName={userTriggerClasses}
      face={<UserMenuFace user={user} />}
      sideOffset={8}
      contentClassName="w-60"
    >
      <div className="px-2.5 pt-1.5 pb-2.5">
        {name ? <p className="truncate font-semibold text-sm">{name}</p> : null}
        <p className="truncate text-muted text-xs">{user.email}</p>
      </div>
      <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-line" />
      <DropdownMenu.Item asChild className={menuItemClasses}>
        <Link href="/profile">
          <UserRound aria-hidden="true" className="size-4 text-muted" />
          Profile
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild className={menuItemClasses}>
        <Link href="/settings">
          <Settings aria-hidden="true" className="size-4 text-muted" />
          Settings
        </Link>
      </DropdownMenu.Item>
      {canOpenModeration(user) ? (
        <DropdownMenu.Item asChild className={menuItemClasses}>
          <Link href={MODERATION_PATH}>
            <ShieldCheck aria-hidden="true" className="size-4 text-muted" />
            Moderation
          </Link>
        </DropdownMenu.Item>
      ) : null}
      <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-line" />
      <DropdownMenu.Item asChild className={menuItemClasses}>
        <a href={LOGOUT_PATH} onClick={signOutOnClick}>
          <LogOut aria-hidden="true" className="size-4 text-muted" />
          Logout
        </a>
      </DropdownMenu.Item>
    </LoadedMenu>
  )
}
