import { AlarmClock } from 'lucide-react'
import { buttonClasses } from '#web/components/ui/button.ts'
import { DeferredMenu } from '#web/components/ui/deferred-menu.tsx'
import { ALERT_TEXTS } from '../alert-texts.ts'

export interface PauseForMenuProps {
  /** Names the alert, so each row's menu button says which alert it pauses. */
  title: string
  /** Pauses the alert for this many days. */
  onPauseFor: (days: number) => void
}

export const pauseForTriggerClasses = buttonClasses(
  'ghost',
  'sm',
  'h-9 px-2.5 data-[state=open]:bg-raised data-[state=open]:text-fg',
)
export const pauseForLabel = (title: string) => `${ALERT_TEXTS.pauseFor.action}: ${title}`

const loadMenu = () => import('./pause-for-menu-list.tsx').then((module) => module.PauseForMenuList)

/**
 * A watchlist row's "pause for a while" (a snooze): for a day, a week or 30 days, after which the alert
 * resumes by itself. Its menu's code loads when the button is first pointed at, focused or pressed. It stays
 * usable while the row saves something else (a second choice simply wins), so focus is never taken from it.
 */
export function PauseForMenu(props: PauseForMenuProps) {
  return (
    <DeferredMenu
      load={loadMenu}
      props={props}
      label={pauseForLabel(props.title)}
      className={pauseForTriggerClasses}
    >
      <AlarmClock aria-hidden="true" />
    </DeferredMenu>
  )
}
