/**
 * The community forms' schemas, built on the contract's rules. Loaded on a form's first check (see
 * lazyZodResolver), never with a screen: a static import keeps zod's unused parts (its locales) out of the
 * bundle, which `import('zod')` would not.
 */
import { z } from 'zod'
import { captionSchema, REPORT_REASONS, reportPostBodySchema } from '#shared/contract/community.ts'

/** The caption by the contract's own rule (required after trimming, at most 2,000 characters). */
export const shareFormSchema = z.object({ caption: captionSchema })

/** The contract's report, with a reason's absence said as a person would. */
export const reportFormSchema = reportPostBodySchema.extend({
  reason: z.enum(REPORT_REASONS, { message: 'Please choose a reason' }),
})
