import type { FastifyServerOptions } from 'fastify'
import { prettyFactory } from 'pino-pretty'

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

/** How log lines are written: one JSON object per line, or for a person at a terminal. */
export type LogFormat = 'json' | 'pretty'

/** LOG_FORMAT's `auto`: pretty when standard output is a terminal (npm start, npm run dev), else JSON. */
export function logFormat(
  setting: LogFormat | 'auto',
  isTerminal = Boolean(process.stdout.isTTY),
): LogFormat {
  return setting === 'auto' ? (isTerminal ? 'pretty' : 'json') : setting
}

/**
 * Fields the pretty format leaves out: the request line's message already says method, URL, status and time
 * (plugins/request-log.ts), and the process and host are the terminal's own. JSON lines keep them all.
 */
const NOT_PRETTY = 'pid,hostname,reqId,req,res,route,responseTime'

/**
 * The pretty format as a destination: each JSON line formatted and written at once (synchronously, so the
 * last line before an exit is not lost, as it could be through pino-pretty's stream or a worker thread).
 */
function prettyDestination(stream: NodeJS.WritableStream): { write: (line: string) => void } {
  const prettify = prettyFactory({ translateTime: 'SYS:HH:MM:ss.l', ignore: NOT_PRETTY })
  return { write: (line) => void stream.write(prettify(line)) }
}

/**
 * The server's logger (DESIGN §8: secrets and query parameters never logged): errors without the values of
 * their queries, messages without drizzle's params, request lines without secret query-string values, and
 * cookies, authorization headers and passwords redacted wherever an object carrying them is logged. Writes
 * JSON lines, or with `format: 'pretty'` lines for a terminal; to standard output unless given a stream.
 */
export function loggerOptions(options: {
  level: string
  format?: LogFormat
  stream?: NodeJS.WritableStream
}): FastifyServerOptions['logger'] {
  const stream =
    options.format === 'pretty' ? prettyDestination(options.stream ?? process.stdout) : options.stream
  return {
    level: options.level,
    ...(stream ? { stream } : {}),
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

/** The URL with the values of its secret query-string parameters (`code`, `state`, `token`…) redacted. */
export function withoutSecretQuery(url: string): string {
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
