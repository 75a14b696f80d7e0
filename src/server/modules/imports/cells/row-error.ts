/**
 * A row that cannot be read as it stands (a bad amount, an impossible date, a missing number): thrown by
 * the cell readers with a sentence naming the column and the value, caught by the format's row mapping and
 * turned into a RejectedRow with the row's line. Only the row is lost, never the file.
 */
export class RowError extends Error {}
