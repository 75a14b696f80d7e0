import { sql } from 'drizzle-orm'
import { openDatabase, queryRows } from '#server/db/client.ts'
import { pairsVerifiedSales } from '#server/modules/market/market.batch.repo.ts'
import { addDays, todayUtc } from '#shared/dates.ts'
const handle = await openDatabase({ driver: 'postgres', url: process.env.URL! })
const pairs = (await queryRows<{ itemId: number }>(handle.db, sql`select item_id as "itemId" from price_snapshots where grade = 'new' order by sales_count desc limit 100`)).map((r) => ({ itemId: r.itemId, grade: 'new' as const }))
const today = todayUtc()
for (let round = 0; round < 4; round++) {
  const t = performance.now()
  const rows = await pairsVerifiedSales(handle.db, pairs, addDays(today, -89))
  console.log(`sales ${rows.reduce((s, r) => s + r.count, 0)} read ${(performance.now() - t).toFixed(1)} ms`)
}
await handle.close()
