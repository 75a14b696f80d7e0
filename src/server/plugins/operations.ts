import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { metricsPlugin } from './metrics.ts'

export interface OperationsOptions {
  /** METRICS_TOKEN (see plugins/metrics.ts). */
  metricsToken?: string
}

/**
 * What the people running the app need (DESIGN §8; the request log line is lib/request-log.ts): /metrics,
 * and a clean stop. Once
 * the app is closing (main.ts on SIGTERM), every answer still sent, those of the requests in flight, says
 * `Connection: close`, so its keep-alive connection ends with it and the server's close need not wait for it
 * to go idle (Fastify answers requests that arrive later 503, also with `Connection: close`).
 */
export const operationsPlugin = fp(async (app: FastifyInstance, options: OperationsOptions) => {
  await app.register(metricsPlugin, { token: options.metricsToken })

  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
})
