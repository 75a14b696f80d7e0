import { describe, expect, it } from 'vitest'
import { emptySaleColumns, type SaleColumns } from '#shared/pricing.ts'
import { withSales } from './market.kept-sales.ts'

const columns = (sales: Array<[day: number, pence: number, id: number]>): SaleColumns => {
  const into = emptySaleColumns(sales.length)
  sales.forEach(([day, pence, id], index) => {
    into.day[index] = day
    into.pence[index] = pence
    into.id[index] = id
  })
  return into
}
const rows = (sales: SaleColumns) =>
  Array.from({ length: sales.length }, (_, index) => [sales.day[index], sales.pence[index], sales.id[index]])

describe('withSales', () => {
  it('merges in the order the sales are read (day, price, id)', () => {
    const kept = columns([
      [100, 500, 7],
      [101, 200, 3],
      [101, 900, 1],
    ])
    const added = columns([
      [99, 800, 20],
      [101, 200, 21],
      [101, 900, 0],
      [102, 1, 22],
    ])
    const merged = withSales(kept, added)
    expect(rows(merged)).toEqual([
      [99, 800, 20],
      [100, 500, 7],
      [101, 200, 3],
      [101, 200, 21],
      [101, 900, 0],
      [101, 900, 1],
      [102, 1, 22],
    ])
    expect(merged.length).toBe(7)
  })

  it('keeps a sale that is in both once: a pass that read every sale may later take the change that added one', () => {
    const kept = columns([
      [100, 500, 7],
      [101, 200, 8],
    ])
    const merged = withSales(
      kept,
      columns([
        [101, 200, 8],
        [101, 300, 9],
      ]),
    )
    expect(rows(merged)).toEqual([
      [100, 500, 7],
      [101, 200, 8],
      [101, 300, 9],
    ])
    expect(merged.length).toBe(3)
    expect(merged.day.length).toBe(3)
    expect(merged.id.length).toBe(3)
  })

  it('leaves the kept columns as they were', () => {
    const kept = columns([[100, 500, 7]])
    withSales(kept, columns([[101, 1, 8]]))
    expect(rows(kept)).toEqual([[100, 500, 7]])
  })

  it('writes into the spare buffers when they have room, and into new ones with room to spare when not', () => {
    const kept = columns([
      [100, 500, 7],
      [101, 200, 8],
    ])
    const spare = columns([
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
      [4, 4, 4],
    ])
    const merged = withSales(kept, columns([[101, 300, 9]]), spare)
    expect(rows(merged)).toEqual([
      [100, 500, 7],
      [101, 200, 8],
      [101, 300, 9],
    ])
    expect(merged.day.buffer).toBe(spare.day.buffer)
    expect(merged.pence.buffer).toBe(spare.pence.buffer)
    expect(merged.id.buffer).toBe(spare.id.buffer)
    expect(rows(kept)).toEqual([
      [100, 500, 7],
      [101, 200, 8],
    ])

    const small = columns([[1, 1, 1]])
    const grown = withSales(merged, columns([[102, 1, 10]]), small)
    expect(rows(grown)).toEqual([...rows(merged), [102, 1, 10]])
    expect(grown.day.buffer).not.toBe(small.day.buffer)
    expect(grown.day.buffer).not.toBe(merged.day.buffer)
    // Room for a quarter more: the next merges of a few sales write into these buffers again.
    expect(grown.day.buffer.byteLength / 4).toBeGreaterThanOrEqual(Math.ceil(4 * 1.25))
    expect(rows(small)).toEqual([[1, 1, 1]])
  })
})
