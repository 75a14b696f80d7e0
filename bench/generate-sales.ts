import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

/** A small seeded random generator, so every run generates the same sales. */
function mulberry32(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Inserts `count` verified sales over the catalogue, skewed like a real market: item popularity follows
 * a Zipf-like law (the most popular items get thousands of sales, most get a handful), recent days are
 * busier than old ones (three years back), and prices scatter around a price per item.
 */
export async function generateSales(
  db: Database,
  { count, today, seed = 42 }: { count: number; today: string; seed?: number },
) {
  const random = mulberry32(seed)
  const items = await queryRows<{ id: number; type: 'set' | 'minifig'; base: string }>(
    db,
    sql`select id, type, coalesce(original_msrp, greatest(pieces, 10) * 0.11, 6)::text as base
      from items order by md5(id::text)`,
  )
  const conditions = await queryRows<{ id: number; category: string; grade: 'new' | 'used' }>(
    db,
    sql`select id, category, grade from conditions order by id`,
  )
  const byCategory = {
    set: conditions.filter((condition) => condition.category === 'set'),
    minifig: conditions.filter((condition) => condition.category === 'minifig'),
  }
  // Zipf-like weights over the shuffled catalogue: rank r weighs 1 / (r + 20)^0.9. With a million sales
  // the most popular item gets about 4,000, the thousandth about 130 and most items fewer than 10.
  const cumulative: number[] = []
  let total = 0
  for (let rank = 1; rank <= items.length; rank++) {
    total += 1 / (rank + 20) ** 0.9
    cumulative.push(total)
  }
  const pickItem = () => {
    const target = random() * total
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if ((cumulative[middle] as number) < target) low = middle + 1
      else high = middle
    }
    return items[low] as (typeof items)[number]
  }
  const todayMs = Date.parse(`${today}T00:00:00Z`)
  const batchSize = 20_000
  for (let start = 0; start < count; start += batchSize) {
    const size = Math.min(batchSize, count - start)
    const rows = {
      item: [] as number[],
      condition: [] as number[],
      grade: [] as string[],
      price: [] as string[],
      date: [] as string[],
    }
    for (let index = 0; index < size; index++) {
      const item = pickItem()
      const options = byCategory[item.type]
      const condition = options[Math.floor(random() * options.length)] as (typeof options)[number]
      const age = Math.floor(1095 * random() ** 2)
      const factor = (0.7 + 0.8 * random()) * (condition.grade === 'used' ? 0.6 : 1)
      rows.item.push(item.id)
      rows.condition.push(condition.id)
      rows.grade.push(condition.grade)
      rows.price.push(Math.max(0.5, Number(item.base) * factor).toFixed(2))
      rows.date.push(new Date(todayMs - age * 86_400_000).toISOString().slice(0, 10))
    }
    await db.execute(
      sql`insert into sales (item_id, condition_id, grade, price_gbp, original_price, currency, sale_date, source, status)
        select u.item, u.condition, u.grade, u.price, u.price, 'GBP', u.day, 'eBay', 'verified'
        from unnest(${sql.param(rows.item)}::int[], ${sql.param(rows.condition)}::int[], ${sql.param(rows.grade)}::text[],
          ${sql.param(rows.price)}::numeric[], ${sql.param(rows.date)}::date[]) as u(item, condition, grade, price, day)`,
    )
  }
  await db.execute(sql`analyze sales`)
}
