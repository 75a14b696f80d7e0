import { cn } from '#web/lib/cn.ts'
import { inputClasses } from './form-field.tsx'

/** A select's closed look, shared by the Radix select (select.tsx) and a deferred select's stand-in. */
export const selectTriggerClasses = cn(
  inputClasses,
  'flex items-center justify-between gap-2 text-left data-[placeholder]:text-subtle [&>span:first-child]:truncate',
)
