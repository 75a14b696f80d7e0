import type { App } from '#server/app.ts'

/**
 * Waits until every verified-sale change committed so far has reached the prices and the alerts. Prices are
 * recomputed after commit (DESIGN §5); a test that reads a price after a sale awaits this first. It runs the
 * app's real worker passes, the same ones the background worker runs.
 */
export async function pricesSettled(app: App): Promise<void> {
  await app.priceRecompute.drain()
}
