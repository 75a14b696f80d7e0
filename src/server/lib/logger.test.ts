import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { loggerOptions } from './logger.ts'

function capturingLogger() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const app = Fastify({ logger: loggerOptions({ level: 'info', stream }) })
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
})
