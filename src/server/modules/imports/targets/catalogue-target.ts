import { HttpError } from '#server/errors.ts'
import { toGbp } from '#server/modules/fx/fx.service.ts'
import type { ItemRow, StoredItem } from '../catalogue-bulk.repo.ts'
import { storedItems, themeIdsByName, writeItems } from '../catalogue-bulk.service.ts'
import type { CatalogueItemRow, ParsedRow } from '../import-rows.ts'
import type { ImportRun, PlanOutcome, ReadyRow, Target } from './target.ts'

const isCatalogueItem = (row: ParsedRow): row is CatalogueItemRow => row.kind === 'catalogue-item'

/**
 * The spec's catalogue CSV and JSON into the catalogue: items upserted by (type, number), created with no
 * creator (imported). A value the file leaves empty keeps what the catalogue has (an import never erases);
 * the theme is linked by name when one theme has it (a top-level one first), else kept as text. A set's
 * retail price is converted to pounds (items.write.service's rule) with the amount and currency kept beside
 * it, and converted again only when they change.
 */
export function catalogueTarget(): Target<ItemRow> {
  return {
    takes: isCatalogueItem,
    matchesItems: false,
    sourceRefOf: (row) => (isCatalogueItem(row) ? `${row.type}|${row.number}` : null),

    async plan(run: ImportRun, rows: ReadyRow[]) {
      const ready = rows as Array<ReadyRow<CatalogueItemRow>>
      const stored = await storedItems({ db: run.db, keys: ready.map(({ row }) => row) })
      const themeIds = await themeIdsByName({
        db: run.db,
        names: ready
          .filter(({ row }) => row.theme !== stored.get(`${row.type}|${row.number}`)?.theme)
          .map(({ row }) => row.theme),
      })
      return Promise.all(
        ready.map(async ({ row, money }): Promise<PlanOutcome<ItemRow>> => {
          const before = stored.get(`${row.type}|${row.number}`)
          let item: ItemRow
          try {
            item = await merged(run, row, before, money, themeIds)
          } catch (error) {
            if (!(error instanceof HttpError)) throw error
            const issue = {
              number: row.number,
              name: row.name,
              status: 'rejected' as const,
              message: error.message,
            }
            return { line: row.line, issue }
          }
          const action = !before ? 'new' : sameItem(before, item) ? 'unchanged' : 'update'
          return {
            line: row.line,
            action,
            write: item,
            sample: {
              line: row.line,
              number: row.number,
              item: { id: 0, type: row.type, number: row.number, name: row.name },
              action,
              quantity: null,
              condition: null,
              price: money ? { amount: money.amount, currency: money.currency ?? null } : null,
            },
          }
        }),
      )
    },

    write: (run, planned) => writeItems({ db: run.db, items: planned.map((row) => row.write) }),
  }
}

/** The item as it will be stored: the row's values, the stored ones where the row has none. */
async function merged(
  run: ImportRun,
  row: CatalogueItemRow,
  before: StoredItem | undefined,
  money: ReadyRow['money'],
  themeIds: Map<string, number>,
): Promise<ItemRow> {
  const isSet = row.type === 'set'
  const sameTheme = before?.theme === row.theme
  let msrp = {
    originalMsrpGbp: before?.originalMsrpGbp ?? null,
    msrpOriginalAmount: before?.msrpOriginalAmount ?? null,
    msrpCurrency: before?.msrpCurrency ?? null,
  }
  if (isSet && money?.currency) {
    const unchanged =
      before?.msrpOriginalAmount !== null &&
      Number(before?.msrpOriginalAmount) === Number(money.amount) &&
      before?.msrpCurrency === money.currency
    msrp = unchanged
      ? msrp
      : {
          originalMsrpGbp: await toGbp({ db: run.db, amount: money.amount, currency: money.currency }),
          msrpOriginalAmount: money.amount,
          msrpCurrency: money.currency,
        }
  }
  return {
    type: row.type,
    number: row.number,
    name: row.name,
    theme: row.theme,
    themeId: sameTheme ? (before?.themeId ?? null) : (themeIds.get(row.theme.toLowerCase()) ?? null),
    year: row.year ?? before?.year ?? null,
    pieces: row.pieces ?? before?.pieces ?? null,
    imageUrl: row.imageUrl ?? before?.imageUrl ?? null,
    minifigures: isSet ? (row.minifigures ?? before?.minifigures ?? null) : null,
    ...msrp,
    retired: row.retired ?? before?.retired ?? null,
  }
}

function sameItem(before: StoredItem, item: ItemRow): boolean {
  const amount = (value: string | null | undefined) => (value == null ? null : Number(value))
  return (
    before.name === item.name &&
    before.theme === item.theme &&
    before.themeId === item.themeId &&
    before.year === item.year &&
    before.pieces === item.pieces &&
    before.imageUrl === item.imageUrl &&
    (item.minifigures == null || before.minifigures === item.minifigures) &&
    (item.msrpOriginalAmount == null ||
      amount(before.msrpOriginalAmount) === amount(item.msrpOriginalAmount)) &&
    (item.msrpCurrency == null || before.msrpCurrency === item.msrpCurrency) &&
    (item.retired == null || before.retired === item.retired)
  )
}
