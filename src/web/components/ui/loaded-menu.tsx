import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { type ReactNode, useRef } from 'react'
import { cn } from '#web/lib/cn.ts'
import { type LoadedMenuProps, useFirstOpenFocus } from './deferred-menu.tsx'
import { menuContentClasses } from './menu-styles.ts'
import { useFocusOnMount } from './use-focus-on-mount.ts'

interface LoadedMenuFrameProps extends LoadedMenuProps {
  /** The trigger's accessible name and look: the same as its stand-in's (deferred-menu.tsx). */
  label: string
  triggerClassName: string
  /** A tooltip on the trigger, when its face is an icon alone. */
  triggerTitle?: string
  /** What the trigger shows. */
  face: ReactNode
  sideOffset?: number
  /** The content's width and the like, beside the look every menu shares. */
  contentClassName: string
  /** The menu's items. */
  children: ReactNode
}

/**
 * The frame of every deferred menu once its code has loaded (the header's menus, a post's actions, an alert's
 * pause): it takes over from the stand-in — focus, and opening when it was asked for meanwhile — and opens
 * aligned to the trigger's end.
 */
export function LoadedMenu({
  defaultOpen,
  focusTrigger,
  openedByKeyboard,
  label,
  triggerClassName,
  triggerTitle,
  face,
  sideOffset = 4,
  contentClassName,
  children,
}: LoadedMenuFrameProps) {
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusOnMount(trigger, focusTrigger)
  const contentRef = useFirstOpenFocus(openedByKeyboard)
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label={label}
        title={triggerTitle}
        className={triggerClassName}
      >
        {face}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={contentRef}
          align="end"
          sideOffset={sideOffset}
          className={cn(menuContentClasses, contentClassName)}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
