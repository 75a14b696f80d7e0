import { cn } from '#web/lib/cn.ts'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-outline'
export type ButtonSize = 'sm' | 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors ' +
  'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brick-yellow text-neutral-950 hover:bg-brick-yellow-hover',
  secondary: 'border border-line-strong bg-raised text-fg hover:border-muted hover:bg-line',
  ghost: 'text-muted hover:bg-raised hover:text-fg',
  /** Confirms something that cannot be undone. */
  danger: 'bg-brick-red text-white hover:bg-brick-red-hover',
  /** Offers something that cannot be undone (it asks first). */
  'danger-outline':
    'border border-brick-red/60 bg-raised text-[#ff8a8c] hover:border-brick-red hover:bg-[#2a0d0e]',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
}

/** Button styling, shared by <button>s and links that look like buttons. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return cn(base, variants[variant], sizes[size], extra)
}
