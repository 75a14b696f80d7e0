import { type RefObject, useLayoutEffect } from 'react'

/** Gives the element focus once, when it mounts, if `wanted` (a deferred menu's trigger taking over). */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, wanted: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render's wish counts
  useLayoutEffect(() => {
    if (wanted) ref.current?.focus()
  }, [])
}
