import {
  cloneElement,
  type FocusEvent,
  lazy,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react'

/** Spec 01 §9: tooltips open after 700 ms; moving between them within 300 ms opens the next at once. */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

// Radix's tooltip brings a positioning library (about 12 KB gzipped): a screen's first paint should not
// wait for a label nobody has pointed at yet.
const RadixTooltip = lazy(() => import('./radix-tooltip.tsx'))

type TriggerElement = ReactElement<{
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
}>

/**
 * A short label shown on hover and on keyboard focus of its (single, focusable) child. The child shows
 * at once; the tooltip's code loads when the child is first pointed at or focused.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: TriggerElement }) {
  const [wanted, setWanted] = useState(false)
  if (!wanted) {
    return cloneElement(children, {
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        children.props.onPointerEnter?.(event)
        setWanted(true)
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        children.props.onFocus?.(event)
        setWanted(true)
      },
    })
  }
  return (
    <Suspense fallback={children}>
      <RadixTooltip content={content}>{children}</RadixTooltip>
    </Suspense>
  )
}
