import autocannon from 'autocannon'

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH'
  path: string
  /**
   * `{{n}}` in it becomes the request's running number, so a write can be new every time; `{{quantity}}` one
   * of 1–3 that changes with it.
   */
  body?: string
  headers?: Record<string, string>
}

/** Requests sent in this process: `{{n}}` never repeats, also across rows that write to one database. */
let sent = 0

/** Drives one endpoint on loopback; each request is the next of `requests`, round robin. */
export async function drive(options: {
  baseUrl: string
  requests: RequestSpec[]
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
        setupRequest: (request) => {
          const spec = options.requests[next++ % options.requests.length] as RequestSpec
          const n = sent++
          return {
            ...request,
            method: spec.method,
            path: spec.path,
            body: spec.body?.replaceAll('{{n}}', String(n)).replaceAll('{{quantity}}', String(1 + (n % 3))),
            headers: {
              ...request.headers,
              ...spec.headers,
              ...(spec.body ? { 'content-type': 'application/json' } : {}),
            },
          }
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
