import {
  type BuildQueryConfig,
  fillPlaceholders,
  type Placeholder,
  type QueryWithTypings,
  SQL,
  StringChunk,
  sql,
} from 'drizzle-orm'
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
  /** The whole text, one string for every run: the pool names a statement by it (`statementName`). */
  text: string
  typings: QueryWithTypings['typings']
  pieces: StringChunk[]
  /** A placeholder (filled in at each run) or a value written into the shape. */
  params: unknown[]
}

function compile(statement: SQL): Compiled {
  const { sql: text, params, typings } = dialect.sqlToQuery(statement)
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
  return { text, typings, pieces, params }
}

/**
 * A run of a built statement. Sent on its own (`db.execute`), it answers its text as written once and its values,
 * rather than have Drizzle walk its pieces and join a text of several kilobytes again at every run (and the pool
 * hash that new string again to find the statement's name). Inside another statement it is its pieces, as any.
 */
class BuiltRun extends SQL {
  constructor(
    private readonly compiled: Compiled,
    private readonly values: unknown[],
    chunks: ConstructorParameters<typeof SQL>[0],
  ) {
    super(chunks)
  }

  override toQuery(config: BuildQueryConfig): QueryWithTypings {
    if (config.inlineParams || config.paramStartIndex?.value) return super.toQuery(config)
    return { sql: this.compiled.text, params: this.values, typings: this.compiled.typings }
  }
}

const placeholders = new Proxy({}, { get: (_, name) => sql.placeholder(String(name)) })

function run(compiled: Compiled, args: Record<string, unknown>): SQL {
  const values = fillPlaceholders(compiled.params, args)
  const chunks: unknown[] = [compiled.pieces[0]]
  values.forEach((value, index) => {
    chunks.push(sql.param(value), compiled.pieces[index + 1])
  })
  return new BuiltRun(compiled, values, chunks as ConstructorParameters<typeof SQL>[0])
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
