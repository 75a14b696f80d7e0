import pg from 'pg'

export interface Freshness {
  samples: number
  p50: number
  p99: number
  max: number
}

/**
 * Freshness (DESIGN §9: sale commit → updated snapshot): every 50 ms, the age of the oldest change still
 * waiting in the recompute queue. Every sale waits at most that long, so its p99 bounds the sales' own p99
 * from above. Call the returned function to stop and read it.
 */
export async function sampleFreshness(url: string): Promise<() => Promise<Freshness>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const ages: number[] = []
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ age: number | null }>(
        `select (extract(epoch from clock_timestamp() - min(enqueued_at)) * 1000)::float8 as age
          from price_recompute_queue`,
      )
      ages.push(rows[0]?.age ?? 0)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  return async () => {
    stopped = true
    await loop
    await client.end()
    const sorted = [...ages].sort((a, b) => a - b)
    const at = (fraction: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0)
    return { samples: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) }
  }
}
