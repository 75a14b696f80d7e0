import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { databaseUnavailableReason, fromThePool } from './unavailable.ts'

/** As drizzle wraps a driver error: its own error with the driver's as `cause`. */
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error)
const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

describe('telling a database that cannot be reached from a query that is wrong', () => {
  it.each([
    ['refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'ECONNREFUSED'],
    ['reset', withCode('ECONNRESET', 'read ECONNRESET'), 'ECONNRESET'],
    ['shut down by an administrator (57P01)', withCode('57P01'), '57P01'],
    ['starting up (57P03)', withCode('57P03'), '57P03'],
    ['a connection exception (08006)', withCode('08006'), '08006'],
    ['terminated', new Error('Connection terminated unexpectedly'), 'Connection terminated unexpectedly'],
    [
      "the pool's connect timeout",
      new Error('timeout exceeded when trying to connect'),
      'timeout exceeded when trying to connect',
    ],
    [
      'a client already broken',
      new Error('Client has encountered a connection error and is not queryable'),
      'Client has encountered a connection error and is not queryable',
    ],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED')]), 'ECONNREFUSED'],
  ])('%s, beneath a failed query however deep it is wrapped', (_case, error, reason) => {
    expect(databaseUnavailableReason(wrapped(error))).toBe(reason)
    expect(databaseUnavailableReason(wrapped(wrapped(error)))).toBe(reason)
  })

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a missing table', withCode('42P01')],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNRESET'],
  ])('not %s', (_case, error) => {
    expect(databaseUnavailableReason(wrapped(error))).toBeUndefined()
  })

  it('counts a socket error as the database’s only beneath a failed query or a failed checkout', () => {
    const refused = () => withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')
    expect(databaseUnavailableReason(fromThePool(refused()))).toBe('ECONNREFUSED')
    // What fetch fails with when an outside service (the OpenID provider, the rates service) is down.
    expect(databaseUnavailableReason(new TypeError('fetch failed', { cause: refused() }))).toBeUndefined()
    expect(databaseUnavailableReason(refused())).toBeUndefined()
  })
})
