import { badRequest } from '#server/errors.ts'
import type { ImportCandidate } from '#shared/contract/imports.ts'
import type { DateOrder } from '#shared/contract/values.ts'
import { todayUtc } from '#shared/dates.ts'
import { normalizeCode } from '#shared/text.ts'
import { dateOrderProof, resolveDate } from './cells/date-cell.ts'
import type { DateCell, ItemRef, MoneyCell, ParsedRow } from './import-rows.ts'
import type { ItemMatcher } from './item-matcher.ts'
import type { ImportRun, IssueBody, ReadyRow, Target } from './targets/target.ts'

/** A row after the common steps: ready for its target to plan, or an issue with its line. */
export type Prepared = { ready: ReadyRow } | { line: number; issue: IssueBody }

/** What the rows say about the choices a file needs (`needs`) and its currencies. */
export interface Observations {
  /** Rows to import whose amount names no currency while none is chosen. */
  missingCurrency: number
  /** Rows to import whose day could be either order while none is chosen or fixed. */
  undecidedDates: number
  /** The first such date as the file writes it, for the question. */
  undecidedExample: string | null
  /** Holdings to import without a condition while no grade is chosen for them. */
  unknownCondition: number
  /** The day orders the file's dates prove (a part above 12). */
  proofs: Set<DateOrder>
  currencies: Set<string>
}

/**
 * The steps every row goes through before its target plans it, in file order: parts and unreadable rows
 * become issues; a row that repeats an earlier one's source reference is refused (the first is imported);
 * numbers are matched (`ItemMatcher`, one query per batch) and an ambiguous one takes the user's resolution
 * or is listed with its candidates; the day is read in the file's order; the amount takes the file's
 * currency or the chosen one. It also notes which choices the file needs.
 */
export class RowPreparer {
  readonly observed: Observations = {
    missingCurrency: 0,
    undecidedDates: 0,
    undecidedExample: null,
    unknownCondition: 0,
    proofs: new Set(),
    currencies: new Set(),
  }
  private readonly firstLineOf = new Map<string, number>()
  private readonly resolutions: Map<string, number>
  private readonly today = todayUtc()

  constructor(
    private readonly run: ImportRun,
    private readonly target: Target<unknown>,
    private readonly matcher: ItemMatcher,
    /** The order the file's ambiguous dates are read in: chosen, fixed by the format, or proved. */
    private readonly dateOrder: DateOrder | null,
  ) {
    this.resolutions = new Map(
      (run.choices.resolutions ?? []).map((resolution) => [
        normalizeCode(resolution.number),
        resolution.itemId,
      ]),
    )
  }

  /** The rows of the target (and the skipped and rejected ones), prepared in file order. */
  async prepare(batch: readonly ParsedRow[]): Promise<Prepared[]> {
    const rows = batch.filter(
      (row) =>
        (row.kind === 'skipped' && (!row.target || row.target === this.run.target)) ||
        row.kind === 'rejected' ||
        this.target.takes(row),
    )
    if (this.target.matchesItems) {
      await this.matcher.load(
        rows.flatMap((row) =>
          row.kind === 'holding' || row.kind === 'wanted'
            ? [{ number: row.number, itemType: row.itemType }]
            : [],
        ),
      )
    }
    return rows.map((row) => this.prepareRow(row))
  }

  private prepareRow(row: ParsedRow): Prepared {
    const { line } = row
    if (row.kind === 'skipped' || row.kind === 'rejected') {
      const status = row.kind
      return { line, issue: { number: row.number, name: row.name, status, message: row.message } }
    }
    if (row.kind === 'holding') {
      // The file's order is proved by any of its dates, whether or not the row is imported.
      const proof = dateOrderProof(row.purchaseDate)
      if (proof) this.observed.proofs.add(proof)
    }
    const ref = this.target.sourceRefOf?.(row) ?? null
    const named = refOf(row)
    if (ref !== null) {
      const first = this.firstLineOf.get(ref)
      if (first !== undefined) {
        const message = `This row repeats line ${first} (${ref}): only line ${first} is imported.`
        return { line, issue: { ...named, status: 'rejected', message } }
      }
      this.firstLineOf.set(ref, line)
    }
    let item: ReadyRow['item'] = null
    if (this.target.matchesItems && (row.kind === 'holding' || row.kind === 'wanted')) {
      const found = this.matchItem(row)
      if ('issue' in found) return { line, issue: found.issue }

      item = found.item
    }
    const day = this.dayOf(row.kind === 'holding' ? row.purchaseDate : null)
    if (typeof day === 'object' && day !== null) return { line, issue: { ...named, ...day } }
    const money = this.moneyOf(
      row.kind === 'holding'
        ? row.pricePaid
        : row.kind === 'wanted'
          ? row.maxPrice
          : row.kind === 'catalogue-item'
            ? row.msrp
            : null,
    )
    if (row.kind === 'holding' && row.condition === null && !this.run.choices.conditionWhenUnknown) {
      this.observed.unknownCondition++
    }
    return { ready: { row, item, day, money } }
  }

  private matchItem(row: ItemRef): { item: ImportCandidate } | { issue: IssueBody } {
    const outcome = this.matcher.get({ number: row.number, itemType: row.itemType })
    const named = { number: row.number, name: row.name }
    if (outcome.kind === 'matched') return { item: outcome.item }
    if (outcome.kind === 'unknown') {
      const what = row.itemType === 'minifig' ? 'minifigure' : row.itemType === 'set' ? 'set' : 'item'
      return {
        issue: {
          ...named,
          status: 'unknown' as const,
          message: `No ${what} in the catalogue has the number ${row.number}.`,
        },
      }
    }
    const chosen = this.resolutions.get(normalizeCode(row.number))
    if (chosen === undefined) {
      const numbers = outcome.candidates.map((candidate) => candidate.number).join(', ')
      return {
        issue: {
          ...named,
          status: 'ambiguous' as const,
          message: `${row.number} could be any of ${outcome.candidates.length} items (${numbers}): choose one.`,
          candidates: outcome.candidates,
        },
      }
    }
    const item = outcome.candidates.find((candidate) => candidate.id === chosen)
    if (!item) {
      throw badRequest(
        `The item chosen for ${row.number} (id ${chosen}) is not one of those the number could be: choose one of ` +
          `${outcome.candidates.map((candidate) => `${candidate.number} (id ${candidate.id})`).join(', ')}.`,
      )
    }
    return { item }
  }

  /** The day, null when none or still undecided, or the issue when the file's order makes it no date. */
  private dayOf(cell: DateCell | null): string | null | { status: 'rejected'; message: string } {
    if (!cell) return null
    if (cell.kind === 'iso') return cell.iso
    if (!this.dateOrder) {
      this.observed.undecidedDates++
      this.observed.undecidedExample ??= cell.raw
      return null
    }
    const resolved = resolveDate(cell, this.dateOrder, this.today)
    return resolved.ok ? resolved.day : { status: 'rejected', message: resolved.message }
  }

  private moneyOf(cell: MoneyCell | null): ReadyRow['money'] {
    if (!cell) return null
    const currency = cell.currency ?? this.run.choices.currency ?? null
    if (currency) this.observed.currencies.add(currency)
    else this.observed.missingCurrency++
    return { amount: cell.amount, currency }
  }
}

/** The number and name of a row, as its issue shows them. */
function refOf(row: ParsedRow): Pick<IssueBody, 'number' | 'name'> {
  switch (row.kind) {
    case 'retail-prices':
      return { number: row.setNumber, name: null }
    case 'skipped':
    case 'rejected':
      return { number: row.number, name: row.name }
    default:
      return { number: row.number, name: row.name }
  }
}
