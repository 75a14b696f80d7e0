import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { LogOut, Settings, UserRound } from 'lucide-react'
import { Link } from 'wouter'
import type { User } from '../../../shared/contract/auth.ts'
import { Avatar } from '../../components/ui/avatar.tsx'
import { LOGOUT_PATH } from '../../lib/auth/auth-queries.ts'
import { menuContentClasses, menuItemClasses } from './menu-styles.ts'

/** Avatar button with Profile, Settings and Logout (spec 01 §2). */
export function UserMenu({ user }: { user: User }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="rounded-full ring-offset-2 ring-offset-canvas transition-shadow hover:ring-2 hover:ring-line-strong data-[state=open]:ring-2 data-[state=open]:ring-brick-yellow"
      >
        <Avatar
          imageUrl={user.profileImageUrl}
          firstName={user.firstName}
          lastName={user.lastName}
          email={user.email}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={`${menuContentClasses} w-60`}>
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
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className={menuItemClasses}>
            {/* A full navigation: the server ends the session and sends us to '/'. */}
            <a href={LOGOUT_PATH}>
              <LogOut aria-hidden="true" className="size-4 text-muted" />
              Logout
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
