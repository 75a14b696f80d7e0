import { useEffect, useState } from 'react'
import { cn } from '#web/lib/cn.ts'

export const WORDMARK_WAVE_MS = 2_000
export const WORDMARK_INTERVAL_MS = 30_000

const LETTERS = [...'Brickfolio']
// The brick colours in turn; blue uses its brighter text shade so it reads on the dark header.
const LETTER_COLOURS = ['text-brick-red', 'text-brick-yellow', 'text-brick-blue-bright', 'text-brick-green']
// Staggered so the wave crosses all ten letters within the 2 s window (9 × 130 ms + 700 ms).
const LETTER_DELAY_MS = 130

/** True for 2 s on mount and every 30 s after, unless the user prefers reduced motion. */
function useWave(): boolean {
  const [waving, setWaving] = useState(false)
  useEffect(() => {
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
    let stopTimer: ReturnType<typeof setTimeout> | undefined
    const play = () => {
      if (reducedMotion.matches || document.hidden) return
      setWaving(true)
      clearTimeout(stopTimer)
      stopTimer = setTimeout(() => setWaving(false), WORDMARK_WAVE_MS)
    }
    play()
    const interval = setInterval(play, WORDMARK_INTERVAL_MS)
    return () => {
      clearInterval(interval)
      clearTimeout(stopTimer)
    }
  }, [])
  return waving
}

/** The animated 'Brickfolio' wordmark: each letter in a brick colour, with a short bounce wave. */
export function Wordmark({ className }: { className?: string }) {
  const waving = useWave()
  return (
    <span className={cn('inline-flex items-center gap-2 font-black text-2xl tracking-tight', className)}>
      <BrickGlyph />
      <span aria-hidden="true" className="inline-flex leading-none" data-waving={waving || undefined}>
        {LETTERS.map((letter, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the letters are fixed and never reorder
            key={index}
            className={cn(
              'inline-block',
              LETTER_COLOURS[index % LETTER_COLOURS.length],
              waving && 'motion-safe:animate-brick-wave',
            )}
            style={waving ? { animationDelay: `${index * LETTER_DELAY_MS}ms` } : undefined}
          >
            {letter}
          </span>
        ))}
      </span>
      <span className="sr-only">Brickfolio</span>
    </span>
  )
}

/** A small 2-stud brick drawn in SVG, matching the favicon. */
function BrickGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
      <rect x="2" y="10" width="28" height="18" rx="3" className="fill-brick-red" />
      <rect x="6" y="5" width="8" height="6" rx="2" className="fill-brick-red" />
      <rect x="18" y="5" width="8" height="6" rx="2" className="fill-brick-red" />
      <rect x="2" y="24" width="28" height="4" rx="2" fill="#000" fillOpacity="0.25" />
    </svg>
  )
}
