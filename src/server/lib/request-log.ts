import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import { withoutSecretQuery } from './logger.ts'

/**
 * One log line per request, when its answer has gone: "GET /api/items/42 200 3.1 ms" (DESIGN §8), instead of
 * Fastify's two ("incoming request", then "request completed" without the URL). The JSON line also carries
 * the request as the logger's `req` serializer writes it (secret query values redacted, no headers, so no
 * cookie), the route pattern, the status and the time. Fastify's other lines (errors it handles itself) stay.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const milliseconds = Math.round(reply.elapsedTime * 10) / 10
    const line = `${request.method} ${withoutSecretQuery(request.url)} ${reply.statusCode} ${milliseconds} ms`
    const fields = { req: request, route: request.routeOptions.url, res: reply, responseTime: milliseconds }
    // An error here is the answer's own (its stream broke off), not one the error handler answered.
    if (error) reply.log.error({ ...fields, err: error }, `${line} (the answer broke off)`)
    else reply.log.info(fields, line)
  }
}
