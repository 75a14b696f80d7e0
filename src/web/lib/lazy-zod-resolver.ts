import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

/**
 * react-hook-form's zod resolver, loaded together with the form's schema on the form's first check.
 * Zod and the contract's schemas weigh about 40 KB gzipped; loaded with the screen they would put the
 * sign-in, profile and item forms over the first screen's 150 KB budget (DESIGN §9), yet nothing needs
 * them before the first submit. A failed load is forgotten, so the next check tries again.
 */
export function lazyZodResolver<Schema extends z.ZodType<unknown, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  type Loaded = Resolver<z.input<Schema>, unknown, z.output<Schema>>
  let loading: Promise<Loaded> | undefined
  return async (values, context, options) => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Loaded,
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return (await loading)(values, context, options)
  }
}
