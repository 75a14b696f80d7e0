import type { ImportCandidate } from '#shared/contract/imports.ts'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { cn } from '#web/lib/cn.ts'
import { plural } from '#web/lib/format.ts'
import { itemTypeLabel } from '#web/lib/labels.ts'
import { IMPORT_TEXTS } from '../import-texts.ts'

/** A number the file writes that matches several items: its lines, and the items it could be. */
export interface AmbiguousNumber {
  number: string
  lines: number[]
  candidates: ImportCandidate[]
}

const LEAVE_OUT = ''

/**
 * For each number that matches several items, the user chooses which one it means, or leaves its rows
 * out: never guessed (issue 12). Each number is a radio group of its candidates, with their pictures.
 */
export function AmbiguousChoices({
  numbers,
  chosen,
  onChoose,
  disabled,
}: {
  numbers: AmbiguousNumber[]
  chosen: Record<string, number>
  onChoose: (number: string, itemId: number | null) => void
  disabled?: boolean
}) {
  if (numbers.length === 0) return null
  return (
    <section aria-labelledby="ambiguous-heading" className="grid gap-3">
      <div>
        <h3 id="ambiguous-heading" className="font-semibold">
          {IMPORT_TEXTS.ambiguousTitle}
        </h3>
        <p className="text-muted text-sm">{IMPORT_TEXTS.ambiguousIntro}</p>
      </div>
      {numbers.map(({ number, lines, candidates }) => {
        const value = chosen[number] === undefined ? LEAVE_OUT : String(chosen[number])
        const options = [
          ...candidates.map((candidate) => ({ value: String(candidate.id), candidate })),
          { value: LEAVE_OUT, candidate: null },
        ]
        return (
          <fieldset
            key={number}
            disabled={disabled}
            data-testid="ambiguous-number"
            className="rounded-xl border border-line p-3"
          >
            <legend className="px-1 text-sm">
              <span className="font-mono font-semibold">{number}</span>{' '}
              <span className="text-muted">
                ({plural(lines.length, 'line', 'lines')} {lines.slice(0, 5).join(', ')}
                {lines.length > 5 ? ', …' : ''})
              </span>
            </legend>
            <div className="grid gap-1.5 sm:grid-cols-2">
              {options.map(({ value: optionValue, candidate }) => (
                <label
                  key={optionValue || 'leave-out'}
                  className={cn(
                    'relative flex items-center gap-3 rounded-lg border px-2.5 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brick-yellow',
                    value === optionValue
                      ? 'border-brick-yellow/70 bg-raised'
                      : 'border-line hover:border-line-strong',
                  )}
                >
                  <input
                    type="radio"
                    name={`ambiguous-${number}`}
                    value={optionValue}
                    checked={value === optionValue}
                    onChange={() => onChoose(number, candidate ? candidate.id : null)}
                    className="size-4 shrink-0 accent-brick-yellow"
                  />
                  {candidate ? (
                    <>
                      <ItemImage item={candidate} alt="" fallback="icon" className="size-10" />
                      <span className="min-w-0">
                        <span className="block font-medium">
                          {candidate.number} {candidate.name}
                        </span>
                        <span className="text-muted text-xs">
                          {itemTypeLabel(candidate.type)}
                          {candidate.year ? ` · ${candidate.year}` : ''}
                        </span>
                      </span>
                    </>
                  ) : (
                    <span className="text-muted">{IMPORT_TEXTS.leaveOut}</span>
                  )}
                </label>
              ))}
            </div>
          </fieldset>
        )
      })}
    </section>
  )
}
