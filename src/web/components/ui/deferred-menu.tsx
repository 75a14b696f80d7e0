import { type ComponentType, type ReactNode, useCallback, useRef, useState } from 'react'

/** What a deferred menu's real implementation is told when it replaces the stand-in trigger. */
export interface LoadedMenuProps {
  /** The visitor already asked for the menu (click, Enter, Space, ArrowDown) while its code loaded. */
  defaultOpen: boolean
  /** The stand-in had keyboard focus: the real trigger takes it over. */
  focusTrigger: boolean
  /** It was asked for by keyboard: the first item takes focus, as when the real trigger is used. */
  openedByKeyboard: boolean
}

/**
 * A ref for the menu's content that, on its first appearance, focuses its first item when the menu was
 * asked for by keyboard: Radix learns that the keyboard is in use from keys pressed after its menu
 * exists, so it would focus the content instead. It runs after Radix's own focusing, in the same turn.
 */
export function useFirstOpenFocus(openedByKeyboard: boolean) {
  const pending = useRef(openedByKeyboard)
  return useCallback((content: HTMLElement | null) => {
    if (!content || !pending.current) return
    pending.current = false
    setTimeout(() => content.querySelector<HTMLElement>('[role^="menuitem"]')?.focus(), 0)
  }, [])
}

interface DeferredMenuProps<Props> {
  load: () => Promise<ComponentType<Props & LoadedMenuProps>>
  props: Props
  label: string
  className: string
  children: ReactNode
}

/**
 * A dropdown menu (the header's menus, a post's actions) whose code (Radix's menu, popper and floating-ui:
 * ~15 KB gzipped) stays off every first screen. Until it is wanted, a plain button of the same look stands
 * in; pointing at it or focusing it starts the download, and a press or click made meanwhile opens the menu as
 * soon as it has arrived.
 */
export function DeferredMenu<Props extends object>({
  load,
  props,
  label,
  className,
  children,
}: DeferredMenuProps<Props>) {
  const [Loaded, setLoaded] = useState<ComponentType<Props & LoadedMenuProps> | null>(null)
  const openOnLoad = useRef(false)
  const byKeyboard = useRef(false)
  const hasFocus = useRef(false)
  const start = useCallback(() => {
    void load().then((component) => setLoaded(() => component))
  }, [load])

  if (Loaded) {
    return (
      <Loaded
        {...props}
        defaultOpen={openOnLoad.current}
        focusTrigger={hasFocus.current}
        openedByKeyboard={byKeyboard.current}
      />
    )
  }
  const ask = (keyboard: boolean) => {
    openOnLoad.current = true
    byKeyboard.current = keyboard
    start()
  }
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={className}
      onPointerEnter={start}
      onFocus={() => {
        hasFocus.current = true
        start()
      }}
      onBlur={() => {
        hasFocus.current = false
      }}
      // A press opens it, as it opens the real menu: the real button may take the stand-in's place between
      // press and release (its code arriving meanwhile), and then no click reaches either of them.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) ask(false)
      }}
      // A click from Enter or Space has no pointer position: `detail` is 0.
      onClick={(event) => ask(event.detail === 0)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault()
          ask(true)
        }
      }}
    >
      {children}
    </button>
  )
}
