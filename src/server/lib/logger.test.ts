import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { type LogFormat, logFormat, loggerOptions } from './logger.ts'

function capturingLogger(format?: LogFormat) {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const app = Fastify({ logger: loggerOptions({ level: 'info', format, stream }) })
  return { log: app.log, text: () => lines.join('') }
}

/** As drizzle words a failed query, with the driver's error (and its detail) as the cause. */
const failedQuery = () =>
  Object.assign(new Error('Failed query: select * from users where email = $1\nparams: ada@example.com'), {
    query: 'select * from users where email = $1',
    params: ['ada@example.com'],
    cause: Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.com) already exists.',
    }),
  })

describe('the logger', () => {
  it('writes an error, however it is logged, without the values its query was run with', () => {
    const { log, text } = capturingLogger()
    const error = failedQuery()
    log.error({ err: error }, 'request failed')
    log.error(error)
    log.warn(`Exchange rates not refreshed (${error.message})`)
    expect(text()).not.toContain('ada@example.com')
    const [first] = text().split('\n')
    expect(JSON.parse(first ?? '')).toMatchObject({
      msg: 'request failed',
      err: {
        type: 'Error',
        code: '23505',
        params: '[redacted]',
        query: 'select * from users where email = $1',
        message:
          'Failed query: select * from users where email = $1\nparams: [redacted]: duplicate key value violates ' +
          'unique constraint "users_email_unique"',
      },
    })
  })

  it('redacts cookies, authorization headers and passwords in anything logged', () => {
    const { log, text } = capturingLogger()
    log.info({ req: { headers: { cookie: 'bf_session=abc123' } } }, 'a request')
    log.info({ headers: { authorization: 'Bearer xyz789' }, body: { password: 'hunter22' } }, 'a call')
    expect(text()).not.toMatch(/abc123|xyz789|hunter22/)
  })

  it('writes lines for a person when the format is pretty: time, level and message, still without secrets', () => {
    const { log, text } = capturingLogger('pretty')
    log.info(
      {
        reqId: 'req-1',
        req: { method: 'GET', url: '/healthz' },
        res: { statusCode: 200 },
        responseTime: 1.2,
      },
      'GET /healthz 200 1.2 ms',
    )
    log.error({ err: failedQuery() }, 'request failed')
    const [requestLine, errorLine] = text().split('\n')
    expect(requestLine).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] .*INFO.*: .*GET \/healthz 200 1\.2 ms.*$/)
    expect(errorLine).toMatch(/ERROR.*request failed/)
    expect(text()).not.toContain('"level"')
    expect(text()).not.toContain('ada@example.com')
  })

  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says which', () => {
    expect(logFormat('auto', true)).toBe('pretty')
    expect(logFormat('auto', false)).toBe('json')
    expect(logFormat('json', true)).toBe('json')
    expect(logFormat('pretty', false)).toBe('pretty')
  })
})
