import * as TooltipPrimitive from '@radix-ui/react-tooltip'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip.tsx'

/**
 * The tooltip itself (Radix, with its positioning library): loaded by `Tooltip` when its trigger is
 * first pointed at or focused. That first time it opens by itself once the delay has passed, if the
 * trigger is still hovered or focused; from then on Radix opens and closes it.
 */
export default function RadixTooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const timer = setTimeout(() => {
      if (trigger.current?.matches(':hover, :focus-visible')) setOpen(true)
    }, TOOLTIP_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger ref={trigger} asChild>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 rounded-md border border-line-strong bg-raised px-2.5 py-1.5 font-medium text-fg text-xs shadow-black/50 shadow-lg data-[state=delayed-open]:motion-safe:animate-[fade-in_120ms_ease-out]"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-raised" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  )
}
