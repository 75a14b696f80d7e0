import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Flag, MoreHorizontal, Trash2 } from 'lucide-react'
import { useRef } from 'react'
import { type LoadedMenuProps, useFirstOpenFocus } from '#web/components/ui/deferred-menu.tsx'
import { menuContentClasses, menuItemClasses } from '#web/components/ui/menu-styles.ts'
import { useFocusOnMount } from '#web/components/ui/use-focus-on-mount.ts'
import { type PostMenuProps, postMenuLabel, postMenuTriggerClasses } from './post-menu.tsx'

/** A post's menu itself, loaded when first wanted (post-menu.tsx). */
export function PostMenuList({
  label,
  own,
  onDelete,
  onReport,
  defaultOpen,
  focusTrigger,
  openedByKeyboard,
}: PostMenuProps & LoadedMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusOnMount(trigger, focusTrigger)
  const contentRef = useFirstOpenFocus(openedByKeyboard)
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label={postMenuLabel(label)}
        className={postMenuTriggerClasses}
      >
        <MoreHorizontal aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={contentRef}
          align="end"
          sideOffset={4}
          className={`${menuContentClasses} w-48`}
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
