import { useEffect, useRef, useState } from 'react'

/**
 * Whether an element has come within `margin` of the viewport (once true, it stays true): the cue to
 * load what sits below the fold (an item's community photos) only when the reader gets near it, so the
 * first screen's JavaScript stays within its budget (DESIGN §9). Without IntersectionObserver it is
 * true at once.
 */
export function useSeenOnce<Element extends HTMLElement>(margin = '300px') {
  const ref = useRef<Element>(null)
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (seen || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [seen, margin])
  return { ref, seen }
}

/**
 * Calls `onVisible` each time the element (a list's end) comes within `margin` of the viewport while
 * `enabled`: the next page of an endless list loads before the reader reaches its end. The caller keeps
 * a button too, for when the observer cannot help (a keyboard user, a very tall page, no observer).
 */
export function useOnVisible<Element extends HTMLElement>(
  onVisible: () => void,
  { enabled, margin = '600px' }: { enabled: boolean; margin?: string },
) {
  const ref = useRef<Element>(null)
  // The latest callback, without re-observing on every render.
  const callback = useRef(onVisible)
  callback.current = onVisible
  useEffect(() => {
    const element = ref.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current()
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled, margin])
  return ref
}
