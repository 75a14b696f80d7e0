import { MoreHorizontal } from 'lucide-react'
import { DeferredMenu } from '#web/components/ui/deferred-menu.tsx'

export interface PostMenuProps {
  /** Names the post, so each card's menu button says whose post it is for. */
  label: string
  own: boolean
  onDelete: () => void
  onReport: () => void
}

export const postMenuTriggerClasses =
  '-mr-1.5 rounded-lg p-2 text-muted transition-colors hover:bg-raised hover:text-fg data-[state=open]:bg-raised data-[state=open]:text-fg'
export const postMenuLabel = (label: string) => `Post actions: ${label}`

const loadMenu = () => import('./post-menu-list.tsx').then((module) => module.PostMenuList)

/**
 * A post's actions: Delete for its author (asked first), Report for everyone else. The menu's code loads
 * when the button is first pointed at, focused or pressed, keeping it off the feed's first screen.
 */
export function PostMenu(props: PostMenuProps) {
  return (
    <DeferredMenu
      load={loadMenu}
      props={props}
      label={postMenuLabel(props.label)}
      className={postMenuTriggerClasses}
    >
      <MoreHorizontal aria-hidden="true" className="size-5" />
    </DeferredMenu>
  )
}
