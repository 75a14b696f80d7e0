import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ErrorResponse } from '#shared/contract/common.ts'
import { databaseUnavailableReason } from '../db/unavailable.ts'
import { HttpError } from '../errors.ts'
import { documentError } from '../lib/responses.ts'

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])
const ANSWERS = {
  400:
    'Bad input (VALIDATION_ERROR): `errors` names each field and what is wrong with it. Or a JSON body ' +
    'that does not parse (FST_ERR_CTP_INVALID_JSON_BODY, FST_ERR_CTP_EMPTY_JSON_BODY).',
  413: 'The body is larger than 1 MB (FST_ERR_CTP_BODY_TOO_LARGE).',
  415: 'A body of a type the API does not read (FST_ERR_CTP_INVALID_MEDIA_TYPE).',
  500: 'Something went wrong on our side (INTERNAL); the message never shows internals.',
  503:
    'The database cannot be reached at the moment (DATABASE_UNAVAILABLE); try again after the seconds in ' +
    'the Retry-After header.',
}

/** Seconds a client is asked to wait during a database outage: a restart or failover takes a few. */
const DATABASE_RETRY_AFTER_SECONDS = 2

/**
 * Turns every failure into DESIGN §8's `{ message, code }` body; a 500 never leaks internals. Each route's
 * answers list the errors this handler can give it: bad input (400), a body too large or of a type no
 * parser reads (413, 415), 500 — also for an answer that does not match its declared schema — and 503 while
 * the database cannot be reached (any route may need it: the session cookie is looked up before the route).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    const hasBody = methods.some((method) => WITH_BODY.has(method))
    const schema = route.schema ?? {}
    if (hasBody || schema.body || schema.querystring || schema.params) documentError(route, 400, ANSWERS[400])
    if (hasBody) {
      documentError(route, 413, ANSWERS[413])
      documentError(route, 415, ANSWERS[415])
    }
    documentError(route, 500, ANSWERS[500])
    documentError(route, 503, ANSWERS[503])
  })
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }))
      const body: ErrorResponse = {
        message: errors.map(describeIssue).join('; '),
        code: 'VALIDATION_ERROR',
        errors,
      }
      return reply.code(400).send(body)
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send({ message: error.message, code: error.code } satisfies ErrorResponse)
    }
    const unavailable = databaseUnavailableReason(error)
    if (unavailable) {
      // A short line per refused request, without the query or a stack: the outage is the news.
      request.log.warn({ reason: unavailable }, 'database unavailable')
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          message: 'The database cannot be reached at the moment. Please try again in a few seconds.',
          code: 'DATABASE_UNAVAILABLE',
        } satisfies ErrorResponse)
    }
    const constraint = databaseConstraintError(error)
    if (constraint) return reply.code(409).send(constraint)
    const status = error.statusCode ?? 500
    if (status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit) carry readable messages.
      return reply.code(status).send({ message: error.message, code: error.code } satisfies ErrorResponse)
    }
    request.log.error({ err: error }, 'request failed')
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' })
  })
}

/** 'limit must be at least 1' stays as it is; a message that does not name its field gets it in front. */
function describeIssue(issue: { path: string; message: string }): string {
  const field = issue.path.split('.').pop() ?? ''
  if (!field || issue.message.toLowerCase().includes(field.toLowerCase())) return issue.message
  return `${issue.path}: ${issue.message}`
}

/**
 * A write that lost a race against another (two people adding the same number at once) breaks a database
 * constraint; that is a conflict the person can resolve, not a server error.
 */
function databaseConstraintError(error: unknown): ErrorResponse | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const code = (current as { code?: unknown }).code
    if (code === '23505') {
      return {
        message: 'This was changed by someone else at the same moment. Please reload and try again.',
        code: 'CONFLICT',
      }
    }
    if (code === '23503') {
      return {
        message: 'Something this refers to was removed meanwhile. Please reload and try again.',
        code: 'CONFLICT',
      }
    }
  }
  return undefined
}
