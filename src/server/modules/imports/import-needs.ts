import { HttpError } from '#server/errors.ts'
import type { ImportPreview } from '#shared/contract/imports.ts'
import type { DateOrder } from '#shared/contract/values.ts'
import type { Observations } from './import-prepare.ts'

/** The one order the file's dates prove, or null when they prove none or both. */
export function provenOrder(observed: Observations): DateOrder | null {
  return observed.proofs.size === 1 ? ([...observed.proofs][0] ?? null) : null
}

/** What must still be chosen before the file can be committed (ADR 013: asked once, never guessed). */
export function needsOf(observed: Observations, dateOrder: DateOrder | null): ImportPreview['needs'] {
  return {
    currency: observed.missingCurrency > 0,
    dateOrder: observed.undecidedDates > 0 && dateOrder === null,
    conditionWhenUnknown: observed.unknownCondition > 0,
  }
}

/** A commit whose file needs a choice it was not given: refused before anything is written, naming each. */
export function checkNeedsMet(observed: Observations, dateOrder: DateOrder | null): void {
  const needs = needsOf(observed, dateOrder)
  const questions: string[] = []
  if (needs.currency)
    questions.push('This file names no currency for its prices: choose the currency they are in.')
  if (needs.dateOrder) {
    questions.push(
      `The dates in this file could be day-first or month-first (e.g. ${observed.undecidedExample}): choose which.`,
    )
  }
  if (needs.conditionWhenUnknown) {
    const rows = observed.unknownCondition
    questions.push(
      rows === 1
        ? '1 row does not say its condition: choose new or used.'
        : `${rows.toLocaleString('en')} rows do not say their condition: choose new or used.`,
    )
  }
  if (questions.length > 0) throw new HttpError(400, questions.join(' '), 'IMPORT_CHOICES_NEEDED')
}
