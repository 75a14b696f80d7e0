import type { FastifyServerOptions } from 'fastify'

const REDACTED = '[redacted]'

/**
 * Fields that carry the values a query was run with: drizzle's `params`, and PostgreSQL's `detail` ("Key
 * (email)=(ada@example.com) already exists."), `where` and `internalQuery` (the statement with its literals).
 * The SQL text with its placeholders (`query`), the error's code and constraint stay: they say what failed.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery'])

/** Drizzle's "Failed query: <sql>\nparams: <values>": the values run to the end of the message. */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*$/

/** Query-string parameters that carry secrets (OpenID Connect's callback, tokens in links). */
const SECRET_QUERY_PARAMS = ['code', 'state', 'token', 'access_token', 'id_token', 'password']

/**
 * The server's logger (DESIGN §8: secrets and query parameters never logged): errors without the values of
 * their queries, messages without drizzle's params, request lines without secret query-string values, and
 * cookies, authorization headers and passwords redacted wherever an object carrying them is logged.
 */
export function loggerOptions(options: {
  level: string
  stream?: NodeJS.WritableStream
}): FastifyServerOptions['logger'] {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        'headers["set-cookie"]',
        'password',
        'passwordHash',
        '*.password',
        '*.passwordHash',
      ],
      censor: REDACTED,
    },
    serializers: {
      err: serializeError,
      msg: (message: unknown) => (typeof message === 'string' ? withoutParams(message) : message),
      req: serializeRequest,
    },
  }
}

interface RequestLike {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** Fastify's request line, its secret query values redacted; anything else logged as `req` is left to `redact`. */
function serializeRequest(request: RequestLike): Record<string, unknown> {
  const { method, url, host, ip, socket } = request
  if (typeof url !== 'string') return { ...request }
  return { method, url: withoutSecretQuery(url), host, remoteAddress: ip, remotePort: socket?.remotePort }
}

const withoutParams = (text: string) => text.replace(PARAMS_IN_TEXT, `\nparams: ${REDACTED}`)

function withoutSecretQuery(url: string): string {
  const start = url.indexOf('?')
  if (start === -1) return url
  const query = new URLSearchParams(url.slice(start + 1))
  for (const name of SECRET_QUERY_PARAMS) if (query.has(name)) query.set(name, REDACTED)
  return `${url.slice(0, start)}?${query}`
}

interface SerializedError {
  type: string
  message: string
  stack: string
  [field: string]: unknown
}

/**
 * Pino's error shape (type, message, stack with its causes', own fields) without the values a query was run
 * with, at any depth of `cause`: drizzle wraps the driver's error, which holds PostgreSQL's detail.
 */
export function serializeError(error: Error): SerializedError {
  const chain: Error[] = []
  for (let current: unknown = error; current instanceof Error && chain.length < 8; current = current.cause) {
    chain.push(current)
  }
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: chain.map((link) => withoutParams(link.message)).join(': '),
    stack: chain.map(stackOf).join('\ncaused by: '),
  }
  for (const [field, value] of Object.entries(error)) {
    if (field === 'cause' || field in serialized) continue
    if (VALUE_FIELDS.has(field)) serialized[field] = REDACTED
    else serialized[field] = value instanceof Error ? serializeError(value) : value
  }
  // The driver's code (23505, 57P01…) says what failed without the values.
  serialized.code ??= chain
    .map((link) => (link as { code?: unknown }).code)
    .find((code) => code !== undefined)
  return serialized
}

/** The stack as Node writes it ("Error: <message>\n    at …"), with the message's params removed. */
function stackOf(error: Error): string {
  const stack = error.stack ?? `${error.name}: ${error.message}`
  return stack.includes(error.message)
    ? stack.replace(error.message, withoutParams(error.message))
    : stack.replace(/\nparams: [\s\S]*?(?=\n\s+at )/, `\nparams: ${REDACTED}`)
}
