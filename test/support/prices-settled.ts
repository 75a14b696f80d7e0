import type { App } from '#server/app.ts'

/**
 * Waits until every verified-sale change committed so far has reached the prices and the alerts. Prices are
 * recomputed after commit (DESIGN §5); a test that reads a price after a sale awaits this first.
 */
export async function pricesSettled(_app: App): Promise<void> {
  // Issue 13 part 5 makes this drain the recompute queue; until then prices move in the sale's transaction.
}
