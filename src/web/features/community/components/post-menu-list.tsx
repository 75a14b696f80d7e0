import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Flag, MoreHorizontal, Trash2 } from 'lucide-react'
import type { LoadedMenuProps } from '#web/components/ui/deferred-menu.tsx'
import { LoadedMenu } from '#web/components/ui/loaded-menu.tsx'
import { menuItemClasses } from '#web/components/ui/menu-styles.ts'
import { type PostMenuProps, postMenuLabel, postMenuTriggerClasses } from './post-menu.tsx'

/** A post's menu itself, loaded when first wanted (post-menu.tsx). */
export function PostMenuList({ label, own, onDelete, onReport, ...loaded }: PostMenuProps & LoadedMenuProps) {
  return (
    <LoadedMenu
      {...loaded}
      label={postMenuLabel(label)}
      triggerClassName={postMenuTriggerClasses}
      face={<MoreHorizontal aria-hidden="true" className="size-5" />}
      contentClassName="w-48"
    >
      {own ? (
        <DropdownMenu.Item onSelect={onDelete} className={`${menuItemClasses} text-[#ff8a8c]`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </DropdownMenu.Item>
      ) : (
        <DropdownMenu.Item onSelect={onReport} className={menuItemClasses}>
          <Flag aria-hidden="true" className="size-4 text-muted" />
          Report
        </DropdownMenu.Item>
      )}
    </LoadedMenu>
  )
}
