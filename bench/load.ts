import autocannon from 'autocannon'

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

/** Drives one endpoint on loopback; each request takes the next path from `paths`, round robin. */
export async function drive(options: {
  baseUrl: string
  paths: string[]
  connections: number
  durationSeconds: number
}): Promise<LoadResult> {
  let next = 0
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path = options.paths[next++ % options.paths.length] ?? '/'
          return { ...request, path }
        },
      },
    ],
  })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}
