import { LRUCache } from 'lru-cache'
import type { SaleColumns } from '#shared/pricing.ts'

/** Sales kept at most, over all pairs, counting each pair's room and spare buffers: about 20 bytes each. */
const MAX_KEPT_SALES = 4_000_000

/**
 * About how many sales that room keeps once passes merge into it: a merged pair's buffers have a quarter more room
 * to grow (`withSales`), and its spare buffers as much again (measured: 4,000,000 room kept about 1.6 million sales).
 */
export const KEPT_SALES_THAT_FIT = MAX_KEPT_SALES / 2.5

/** One pair's verified sales of the 90 days up to `today`, as a worker last recomputed them. */
export interface KeptPairSales {
  today: string
  /** The stamp of the snapshot written with them (`SnapshotStamp`): the sales are current while it is. */
  stamp: string
  columns: SaleColumns
  /**
   * The buffers the next merge writes into: those of the sales kept before `columns`, which nothing reads once
   * `columns` are kept. Made afresh at every pass, a popular pair's buffers (memory outside the JavaScript heap,
   * tens of megabytes a second) had V8 start a full collection twice a second.
   */
  spare?: SaleColumns
}

/**
 * What a recompute worker keeps between its passes (ADR 030): the 90 days of sales of the pairs it recomputed,
 * so that a pass whose changes only added sales reads those sales rather than all of the pair's again. A popular
 * pair has thousands, and the workers re-read them several times a second while sales are being recorded.
 */
export type KeptSales = LRUCache<string, KeptPairSales>

export function keptSales(maxSales = MAX_KEPT_SALES): KeptSales {
  return new LRUCache<string, KeptPairSales>({
    maxSize: maxSales,
    sizeCalculation: (kept) => roomOf(kept.columns) + (kept.spare ? roomOf(kept.spare) : 0) + 1,
  })
}

/** How many sales the buffers under `columns` hold room for. */
const roomOf = (columns: SaleColumns) => columns.day.buffer.byteLength / Int32Array.BYTES_PER_ELEMENT

/**
 * `columns` with `added` merged in, both sorted as the sales are read (day, price, id); a sale in both is kept
 * once (a pass that read all of a pair's sales may already have seen a sale whose change it takes later).
 * Written into the buffers of `into` when they have room (nothing else may read them), else into new ones with
 * room to grow; `columns` and `added` are left as they were.
 */
export function withSales(columns: SaleColumns, added: SaleColumns, into?: SaleColumns): SaleColumns {
  const most = columns.length + added.length
  const room = Math.ceil(most * 1.25) + 16
  const buffers =
    into && roomOf(into) >= most
      ? { day: into.day.buffer, pence: into.pence.buffer, id: into.id.buffer }
      : {
          day: new ArrayBuffer(room * Int32Array.BYTES_PER_ELEMENT),
          pence: new ArrayBuffer(room * Float64Array.BYTES_PER_ELEMENT),
          id: new ArrayBuffer(room * Float64Array.BYTES_PER_ELEMENT),
        }
  const merged = {
    day: new Int32Array(buffers.day, 0, most),
    pence: new Float64Array(buffers.pence, 0, most),
    id: new Float64Array(buffers.id, 0, most),
  }
  let from = 0
  let next = 0
  let length = 0
  const copy = (source: SaleColumns, index: number) => {
    merged.day[length] = source.day[index] as number
    merged.pence[length] = source.pence[index] as number
    merged.id[length] = source.id[index] as number
    length++
  }
  while (from < columns.length || next < added.length) {
    const order =
      from === columns.length ? 1 : next === added.length ? -1 : compareSales(columns, from, added, next)
    if (order <= 0) copy(columns, from++)
    else copy(added, next++)
    if (order === 0) next++
  }
  return {
    length,
    day: merged.day.subarray(0, length),
    pence: merged.pence.subarray(0, length),
    id: merged.id.subarray(0, length),
  }
}

function compareSales(a: SaleColumns, i: number, b: SaleColumns, j: number): number {
  return (
    (a.day[i] as number) - (b.day[j] as number) ||
    (a.pence[i] as number) - (b.pence[j] as number) ||
    (a.id[i] as number) - (b.id[j] as number)
  )
}
