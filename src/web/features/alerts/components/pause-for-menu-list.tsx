import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { AlarmClock } from 'lucide-react'
import type { LoadedMenuProps } from '#web/components/ui/deferred-menu.tsx'
import { LoadedMenu } from '#web/components/ui/loaded-menu.tsx'
import { menuItemClasses } from '#web/components/ui/menu-styles.ts'
import { ALERT_TEXTS } from '../alert-texts.ts'
import { type PauseForMenuProps, pauseForLabel, pauseForTriggerClasses } from './pause-for-menu.tsx'

/** The "pause for a while" menu itself, loaded when first wanted (pause-for-menu.tsx). */
export function PauseForMenuList({ title, onPauseFor, ...loaded }: PauseForMenuProps & LoadedMenuProps) {
  return (
    <LoadedMenu
      {...loaded}
      label={pauseForLabel(title)}
      triggerClassName={pauseForTriggerClasses}
      triggerTitle={ALERT_TEXTS.pauseFor.action}
      face={<AlarmClock aria-hidden="true" />}
      contentClassName="w-48"
    >
      <DropdownMenu.Label className="px-2.5 py-1.5 text-muted text-xs">
        {ALERT_TEXTS.pauseFor.action}
      </DropdownMenu.Label>
      {ALERT_TEXTS.pauseFor.choices.map((choice) => (
        <DropdownMenu.Item
          key={choice.days}
          onSelect={() => onPauseFor(choice.days)}
          className={menuItemClasses}
        >
          {choice.label}
        </DropdownMenu.Item>
      ))}
    </LoadedMenu>
  )
}
