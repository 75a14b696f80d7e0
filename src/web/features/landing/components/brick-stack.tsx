import { cn } from '#web/lib/cn.ts'

interface Brick {
  colour: string
  studs: number
  /** Horizontal offset in stud widths, so the stack looks hand-built. */
  offset: number
}

// Top to bottom.
const BRICKS: Brick[] = [
  { colour: 'bg-brick-yellow', studs: 2, offset: 2 },
  { colour: 'bg-brick-blue', studs: 4, offset: 1 },
  { colour: 'bg-brick-green', studs: 3, offset: 3 },
  { colour: 'bg-brick-red', studs: 6, offset: 0 },
]

const STUD_REM = 3.25

/** A decorative stack of brick-coloured 1×N bricks for the landing hero. */
export function BrickStack({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('flex flex-col items-start', className)}>
      {BRICKS.map((brick) => (
        <div
          key={brick.colour}
          className="relative mt-3"
          style={{ width: `${brick.studs * STUD_REM}rem`, marginLeft: `${brick.offset * STUD_REM * 0.5}rem` }}
        >
          <div className="absolute inset-x-0 -top-3 flex justify-around px-[0.6rem]">
            {Array.from({ length: brick.studs }, (_, stud) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: studs are identical and fixed
                key={stud}
                className={cn('h-3 w-8 rounded-t-md shadow-[inset_0_-3px_0_rgb(0_0_0/0.25)]', brick.colour)}
              />
            ))}
          </div>
          <div
            className={cn(
              'h-16 rounded-md shadow-[inset_0_-8px_0_rgb(0_0_0/0.25),inset_0_2px_0_rgb(255_255_255/0.18)]',
              brick.colour,
            )}
          />
        </div>
      ))}
    </div>
  )
}
