/** A cell a spreadsheet would run as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/
/** An amount or count as an export writes them, e.g. '-12.50': data, and kept readable as a number. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/**
 * A cell as written to a CSV file we serve: text that a spreadsheet would read as a formula
 * (`=HYPERLINK(…)`, `@SUM(…)`, an item named '-1+2') gets a leading single quote, which shows it as the text
 * it is. Plain numbers — a negative profit among them — are left alone, so numeric columns stay numbers.
 */
export function spreadsheetCell(cell: string | number): string | number {
  if (typeof cell !== 'string' || PLAIN_NUMBER.test(cell) || !FORMULA_START.test(cell)) return cell
  return `'${cell}`
}
