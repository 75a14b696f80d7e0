import { z } from 'zod'

/** GET /healthz: the process answers. */
export const livenessSchema = z.object({ status: z.literal('ok') })

/** GET /readyz: the process answers and reaches its database. */
export const readinessSchema = z.object({ status: z.literal('ready') })
