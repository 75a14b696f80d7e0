import { LoaderCircle } from 'lucide-react'

/** Shown while a screen's code or its first data loads. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-muted">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  )
}
