import { fillPlaceholders, type Placeholder, type SQL, StringChunk, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'

/**
 * A value written into a statement: the value itself, or (in a statement built once, see `builtPerShape`)
 * the placeholder each run fills in.
 */
export type Arg<T> = T | Placeholder

/** A placeholder for each argument, named after it. */
export type Placeholders<Args> = { readonly [Name in keyof Args]-?: Placeholder }

const dialect = new PgDialect()

/** A statement's text cut at its parameters ($1 … $n, in order) and what each parameter is. */
interface Compiled {
  pieces: StringChunk[]
  /** A placeholder (filled in at each run) or a value written into the shape. */
  params: unknown[]
}

function compile(statement: SQL): Compiled {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  const parts = text.split(/\$(\d+)(?!\d)/)
  const pieces: StringChunk[] = []
  for (let index = 0; index < parts.length; index += 2) {
    const number = parts[index + 1]
    // Our statements write no `$` but their parameters' (no dollar quoting, no `$` in a literal).
    if (number !== undefined && Number(number) !== index / 2 + 1) {
      throw new Error(`a built statement's parameters are not $1 … $n in order: found $${number}`)
    }
    pieces.push(new StringChunk(parts[index] as string))
  }
  if (pieces.length !== params.length + 1) throw new Error('a built statement has a $ that is no parameter')
  return { pieces, params }
}

const placeholders = new Proxy({}, { get: (_, name) => sql.placeholder(String(name)) })

function run(compiled: Compiled, args: Record<string, unknown>): SQL {
  const values = fillPlaceholders(compiled.params, args)
  const chunks: unknown[] = [compiled.pieces[0]]
  values.forEach((value, index) => {
    chunks.push(sql.param(value), compiled.pieces[index + 1])
  })
  return sql.fromList(chunks as Parameters<typeof sql.fromList>[0])
}

/**
 * A statement whose text is written once per shape rather than at every run (ADR 027). The hot reads and
 * writes are composed of hundreds of fragments (an entry's JSON alone has dozens); putting them together
 * again for every request cost more of the server than everything else the request did. `build` writes the
 * statement of a shape (whatever changes its text: a sort, a filter, a page size) with a placeholder for each
 * argument (whatever only changes its parameters: the user, the day); each call fills them in. A shape is
 * known by its JSON; beyond `maxShapes` of them a statement is written afresh each time, as any other.
 */
export function builtPerShape<Shape, Args extends object>(
  build: (shape: Shape, placeholders: Placeholders<Args>) => SQL,
  maxShapes = 200,
): (shape: Shape, args: Args) => SQL {
  const shapes = new Map<string, Compiled>()
  return (shape, args) => {
    const key = JSON.stringify(shape)
    let compiled = shapes.get(key)
    if (!compiled) {
      compiled = compile(build(shape, placeholders as Placeholders<Args>))
      if (shapes.size < maxShapes) shapes.set(key, compiled)
    }
    return run(compiled, args as Record<string, unknown>)
  }
}
