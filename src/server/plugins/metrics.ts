import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'
import { HttpError } from '../errors.ts'
import type { JobRuns } from '../jobs/job-runs.ts'
import { databaseGauges } from './metrics-database.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the periodic jobs report their runs (main.ts passes it to each; counted at /metrics). */
    jobRuns: JobRuns
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>`; without one it does not exist. */
  token?: string
}

/** The route label of a request no route matched (an unknown path, the web app's pages): never the raw URL. */
const NO_ROUTE = '(no route)'

/** `Authorization: Bearer <token>` (the scheme's name in any case, RFC 9110). */
const BEARER = /^bearer +(\S+) *$/i

/**
 * The Node process's own metrics (CPU, memory, event loop, GC), collected once per process: prom-client's
 * collectors start observers that cannot be stopped, and tests build many apps in one process.
 */
let processRegistry: Registry | undefined
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/**
 * GET /metrics in Prometheus's text format (DESIGN §8), in a registry of this app's own: requests by route
 * pattern and status, their durations, read-cache hits, job runs, and the database's gauges read at scrape
 * time (metrics-database.ts); the process's metrics beside them. Without a token nothing is counted and
 * /metrics answers 404 like any unknown path (not the web app's page).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const token = options.token
  if (!token) {
    app.decorate('jobRuns', { record: () => {} })
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(404).send({ message: 'Page not found', code: 'NOT_FOUND' }),
    )
    return
  }

  const registry = new Registry()
  const registers = [registry]
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    registers,
  })
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const cacheAnswers = new Counter({
    name: 'brickfolio_read_cache_answers_total',
    help: 'Answers of cached reads (their x-cache header), by route pattern: hit (from memory) or miss.',
    labelNames: ['route', 'result'],
    registers,
  })
  const jobRuns = new Counter({
    name: 'brickfolio_job_runs_total',
    help: 'Runs of the periodic jobs and passes of the workers, by job and outcome (ok or failed).',
    labelNames: ['job', 'outcome'],
    registers,
  })
  const jobDurations = new Histogram({
    name: 'brickfolio_job_run_duration_seconds',
    help: 'How long each run of a periodic job or pass of a worker took.',
    labelNames: ['job'],
    buckets: [0.005, 0.025, 0.1, 0.5, 2.5, 10, 60, 300],
    registers,
  })
  new Counter({
    name: 'brickfolio_catalogue_searches_total',
    help: 'Catalogue searches by where they ran: a search thread, or the request’s own when the thread was busy or not ready (ADR 025).',
    labelNames: ['thread'],
    registers,
    collect() {
      const { thread, here } = app.catalogue.searchesAnswered
      this.reset()
      this.inc({ thread: 'search' }, thread)
      this.inc({ thread: 'request' }, here)
    },
  })
  const refreshDatabaseGauges = databaseGauges(registry, app.db)

  const runs: JobRuns = {
    record(job, { failed, seconds }) {
      jobRuns.inc({ job, outcome: failed ? 'failed' : 'ok' })
      jobDurations.observe({ job }, seconds)
    },
  }
  app.decorate('jobRuns', runs)
  app.priceRecompute.reportRunsTo(runs)

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? NO_ROUTE
    const labels = { method: request.method, route, status_code: reply.statusCode }
    requests.inc(labels)
    durations.observe(labels, reply.elapsedTime / 1000)
    const cache = reply.getHeader('x-cache')
    if (cache === 'hit' || cache === 'miss') cacheAnswers.inc({ route, result: cache })
    done()
  })

  const expected = digest(token)
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = BEARER.exec(request.headers.authorization ?? '')?.[1]
    // Both sides hashed to the same length, so the comparison takes as long whatever was sent.
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"')
      throw new HttpError(
        401,
        'The metrics need the token: Authorization: Bearer <METRICS_TOKEN>.',
        'METRICS_TOKEN_REQUIRED',
      )
    }
    await refreshDatabaseGauges()
    const scrape = Registry.merge([processMetrics(), registry])
    return reply
      .header('content-type', Registry.PROMETHEUS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await scrape.metrics())
  })
})

const digest = (text: string) => createHash('sha256').update(text).digest()
