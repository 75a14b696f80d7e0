import type { FastifySchemaCompiler } from 'fastify'
import { z } from 'zod'
import type { $ZodType } from 'zod/v4/core'

const NUL = '\u0000'

/**
 * Refuses a NUL character anywhere in a request's text: PostgreSQL cannot store it in `text` or `jsonb`,
 * nor compare with it, so it would fail the query (a 500) instead of being refused. One rule for every
 * field of every route, new ones included, rather than a check on each text schema. Walked with a stack,
 * not recursion, so a deeply nested body cannot overflow the call stack.
 */
const nulFree = z.unknown().superRefine((input, context) => {
  const pending: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: input, path: [] }]
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: PropertyKey[] }
    const field = path.join('.') || 'The value'
    if (typeof value === 'string') {
      if (value.includes(NUL)) {
        context.addIssue({ code: 'custom', path, message: `${field} must not contain a NUL character` })
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) {
          context.addIssue({ code: 'custom', path, message: `${field} has a name with a NUL character` })
        } else pending.push({ value: item, path: [...path, Array.isArray(value) ? Number(key) : key] })
      }
    }
  }
})

/**
 * `compiler` (fastify-type-provider-zod's), with NUL refused first: its 400 then has the usual
 * `{ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] }` body from the error handler.
 */
export function nulFreeValidator(compiler: FastifySchemaCompiler<$ZodType>): FastifySchemaCompiler<$ZodType> {
  return (route) => compiler({ ...route, schema: nulFree.pipe(route.schema as z.ZodType) })
}
