import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase, queryRows } from './client.ts'
import { type Arg, builtPerShape } from './statement.ts'

const dialect = new PgDialect()

interface Shape {
  sorted: boolean
  limit: number
}

/** The same statement whether its values are written in at once or filled in later. */
function written(shape: Shape, names: Arg<string[]>, prefix: Arg<string>): SQL {
  return sql`select n from unnest(${sql.param(names)}::text[]) as t(n) where n like ${prefix} || '%'
    ${shape.sorted ? sql`order by n` : sql``} limit ${sql.raw(String(shape.limit))}`
}

describe('a statement built once per shape', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openDatabase({ driver: 'pglite' })
  })
  afterAll(() => handle.close())

  it('writes each shape once and answers as the statement written afresh would', async () => {
    const shapes: Shape[] = []
    const built = builtPerShape<Shape, { names: string[]; prefix: string }>((shape, p) => {
      shapes.push(shape)
      return written(shape, p.names, p.prefix)
    })
    const names = ['bob', 'alice', 'anna', 'al']
    for (const [shape, prefix] of [
      [{ sorted: true, limit: 2 }, 'a'],
      [{ sorted: true, limit: 2 }, 'b'],
      [{ sorted: false, limit: 3 }, 'a'],
      [{ sorted: true, limit: 2 }, 'al'],
    ] as const) {
      const statement = built(shape, { names, prefix })
      expect(dialect.sqlToQuery(statement)).toEqual(dialect.sqlToQuery(written(shape, names, prefix)))
      expect(await queryRows(handle.db, statement)).toEqual(
        await queryRows(handle.db, written(shape, names, prefix)),
      )
    }
    expect(shapes).toEqual([
      { sorted: true, limit: 2 },
      { sorted: false, limit: 3 },
    ])
    expect(await queryRows(handle.db, built({ sorted: true, limit: 2 }, { names, prefix: 'a' }))).toEqual([
      { n: 'al' },
      { n: 'alice' },
    ])
  })

  it('answers its text as written once, and inside another statement is written as any', async () => {
    const built = builtPerShape<Shape, { names: string[]; prefix: string }>((shape, p) =>
      written(shape, p.names, p.prefix),
    )
    const first = dialect.sqlToQuery(built({ sorted: true, limit: 2 }, { names: ['a'], prefix: 'a' }))
    const second = dialect.sqlToQuery(built({ sorted: true, limit: 2 }, { names: ['b', 'c'], prefix: 'c' }))
    // The same string, not an equal one: the pool looks the statement's name up by it.
    expect(Object.is(first.sql, second.sql)).toBe(true)
    expect(second.params).toEqual([['b', 'c'], 'c'])
    // After a parameter of its own, the outer statement numbers the inner one's from $2.
    const inner = built({ sorted: true, limit: 5 }, { names: ['al', 'bob', 'alice'], prefix: 'al' })
    const outer = sql`select ${'!'}::text || s.n as n from (${inner}) s order by n`
    expect(dialect.sqlToQuery(outer).sql).toContain('$3')
    expect(await queryRows(handle.db, outer)).toEqual([{ n: '!al' }, { n: '!alice' }])
  })

  it('beyond its shapes, writes a statement afresh each time, still right', async () => {
    let builds = 0
    const built = builtPerShape<Shape, { names: string[]; prefix: string }>((shape, p) => {
      builds++
      return written(shape, p.names, p.prefix)
    }, 1)
    for (let run = 0; run < 3; run++) {
      expect(
        await queryRows(handle.db, built({ sorted: true, limit: 5 }, { names: ['x', 'xy'], prefix: 'x' })),
      ).toEqual([{ n: 'x' }, { n: 'xy' }])
      await queryRows(handle.db, built({ sorted: false, limit: 1 }, { names: ['x'], prefix: 'x' }))
    }
    // The first shape is kept; the second is written at each of its three runs.
    expect(builds).toBe(4)
  })

  it('refuses a statement it cannot cut at its parameters, and a missing argument', () => {
    const dollar = builtPerShape<null, { a: number }>((_, p) => sql`select '$2', ${p.a}`)
    expect(() => dollar(null, { a: 1 })).toThrow(/parameters are not \$1 … \$n in order/)
    const missing = builtPerShape<null, { a: number; b: number }>((_, p) => sql`select ${p.a}, ${p.b}`)
    expect(() => missing(null, { a: 1 } as { a: number; b: number })).toThrow(/placeholder "b"/)
  })
})
