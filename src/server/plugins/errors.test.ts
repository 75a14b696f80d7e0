import Fastify from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../errors.ts'
import { registerErrorHandling } from './errors.ts'

async function appThrowing(error: unknown) {
  const app = Fastify()
  // As in the app: the error answers each route documents are zod schemas.
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  app.get('/', async () => {
    throw error
  })
  await app.ready()
  return app
}

describe('error answers', () => {
  it('answers a constraint lost in a race with 409, however deep the database error is wrapped', async () => {
    const wrapped = Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    })
    const response = await (await appThrowing(wrapped)).inject({ url: '/' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: 'This was changed by someone else at the same moment. Please reload and try again.',
      code: 'CONFLICT',
    })
  })

  it('passes a readable HttpError on and hides the internals of anything else', async () => {
    const readable = await (await appThrowing(new HttpError(418, 'No tea here', 'TEAPOT'))).inject({
      url: '/',
    })
    expect(readable.statusCode).toBe(418)
    expect(readable.json()).toEqual({ message: 'No tea here', code: 'TEAPOT' })
    const internal = await (await appThrowing(new Error('password=secret in stack'))).inject({ url: '/' })
    expect(internal.statusCode).toBe(500)
    expect(internal.body).not.toContain('secret')
    expect(internal.json().message).toBe('Something went wrong on our side. Please try again.')
  })

  it('answers 503 with Retry-After when the database cannot be reached, without the query', async () => {
    const lost = Object.assign(
      new Error('Failed query: insert into users (email) values ($1)\nparams: a@b.c'),
      {
        cause: new Error('Connection terminated unexpectedly'),
      },
    )
    const response = await (await appThrowing(lost)).inject({ url: '/' })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('2')
    expect(response.json()).toEqual({
      message: 'The database cannot be reached at the moment. Please try again in a few seconds.',
      code: 'DATABASE_UNAVAILABLE',
    })
  })
})
