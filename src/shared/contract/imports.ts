import { z } from 'zod'
import { currencyCodeSchema } from './auth.ts'
import { gradeSchema, idSchema, itemTypeSchema, queryInteger } from './common.ts'
import {
  DATE_ORDERS,
  GRADES,
  IMPORT_FORMATS,
  IMPORT_ISSUE_STATUSES,
  IMPORT_JOB_STATUSES,
  IMPORT_MODES,
  IMPORT_SOURCES,
  IMPORT_TARGETS,
} from './values.ts'

/**
 * Imports (DESIGN §7, issue 12). `POST /api/import/data` takes the spec's `{ source, data, url }` with the
 * choices below, as JSON (pasted data) or as a multipart upload (the file in field `file`, each choice a form
 * field of the same name; `resolutions` as JSON text). A preview writes nothing and answers what would
 * happen; a commit writes and answers what happened. Files over 5 MB (up to 100 MB) run as a job: the call
 * answers 202 with the job, which `GET /api/imports/{id}` follows.
 */

const choice = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.enum(values, { message: `${name} must be one of ${values.join(', ')}` })

/** A number the file writes that matches several items, and the item the user chose for it. */
export const resolutionSchema = z.object({
  number: z
    .string({ message: 'number is the item number as the file writes it' })
    .trim()
    .min(1, { message: 'number is the item number as the file writes it' })
    .max(100, { message: 'number must be at most 100 characters' }),
  itemId: idSchema({ name: 'itemId' }),
})
export type Resolution = z.infer<typeof resolutionSchema>

/** The choices an import runs with; each is asked for by a preview when the file needs it (`needs`). */
export const importChoicesSchema = z.object({
  /** Where the rows go; by default the format's own (shared/import-formats.ts). */
  target: choice(IMPORT_TARGETS, 'target').optional(),
  /** The currency of the file's prices when it names none (BrickLink wanted lists, BrickOwl, older BrickEconomy). */
  currency: currencyCodeSchema.optional(),
  /** Day and month order of dates such as 03/07/2025 when the file does not prove it. */
  dateOrder: choice(DATE_ORDERS, 'dateOrder').optional(),
  /** The grade of copies the file does not describe (a count without new/used): asked, never guessed. */
  conditionWhenUnknown: choice(GRADES, 'conditionWhenUnknown').optional(),
  /** The items chosen for numbers that match several. */
  resolutions: z.array(resolutionSchema).max(10_000, { message: 'At most 10000 resolutions' }).optional(),
  /**
   * Also remove what an earlier import from the same source put in the collection or wanted list and this
   * file no longer has (sold since, bought since). Never touches entries typed in by hand.
   */
  replace: z.boolean({ message: 'replace must be true or false' }).optional(),
})
export type ImportChoices = z.infer<typeof importChoicesSchema>

/** The body's fields, each on its own (a multipart upload sends them as form fields beside the file). */
export const importFieldsSchema = importChoicesSchema.extend({
  source: choice(IMPORT_SOURCES, 'source'),
  /** The pasted file. */
  data: z.string({ message: 'data must be text' }).optional(),
  /** A public http(s) address to fetch the file from. */
  url: z
    .url({ protocol: /^https?$/, message: 'url must be a web address (http or https)' })
    .max(2000, { message: 'url must be at most 2000 characters' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  mode: choice(IMPORT_MODES, 'mode').default('commit'),
})

export const importBodySchema = importFieldsSchema.refine(
  (body) => Boolean(body.data?.trim()) || Boolean(body.url),
  {
    message: 'Paste the data, choose a file, or give a web address to import from',
    path: ['data'],
  },
)
export type ImportBody = z.input<typeof importBodySchema>
export type ImportData = z.output<typeof importBodySchema>

/** `POST /api/imports/{id}/commit`: commit a previewed file that ran as a job, without uploading it again. */
export const importCommitBodySchema = importChoicesSchema
export type ImportCommitBody = z.input<typeof importCommitBodySchema>

export const importIdParamsSchema = z.object({
  id: z.uuid({ message: 'id must be an import id' }),
})

export const importCandidateSchema = z.object({
  id: z.number().int(),
  type: itemTypeSchema,
  number: z.string(),
  name: z.string(),
  year: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
})
export type ImportCandidate = z.infer<typeof importCandidateSchema>

/** A row that was not (or would not be) imported as it stands, and why. */
export const importIssueSchema = z.object({
  /** The file's line (the header is line 1). */
  line: z.number().int(),
  /** The item number as the file writes it. */
  number: z.string().nullable(),
  /** The file's name for the item, when it has one (to request it for the catalogue). */
  name: z.string().nullable(),
  status: z.enum(IMPORT_ISSUE_STATUSES),
  message: z.string(),
  /** For `ambiguous`: the items the number could be. */
  candidates: z.array(importCandidateSchema).optional(),
})
export type ImportIssue = z.infer<typeof importIssueSchema>

const formatFields = {
  format: z.enum(IMPORT_FORMATS),
  formatLabel: z.string(),
  target: z.enum(IMPORT_TARGETS),
}

/** A matched row as it would be written (the first few, so the user sees the file was read right). */
export const importSampleRowSchema = z.object({
  line: z.number().int(),
  number: z.string(),
  item: z.object({ id: z.number().int(), type: itemTypeSchema, number: z.string(), name: z.string() }),
  action: z.enum(['new', 'update', 'unchanged']),
  quantity: z.number().int().nullable(),
  /** Our condition label (collection) or grade (wanted list), when the row has one. */
  condition: z.string().nullable(),
  /**
   * Price paid or most the user would pay, per item, as the file writes it; `currency` null when the file
   * names none (the import's `currency` choice applies).
   */
  price: z.object({ amount: z.string(), currency: z.string().nullable() }).nullable(),
})

export const importPreviewSchema = z.object({
  mode: z.literal('preview'),
  ...formatFields,
  /** Data rows read. */
  rows: z.number().int(),
  counts: z.object({
    new: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.number().int(),
    unknown: z.number().int(),
    ambiguous: z.number().int(),
    rejected: z.number().int(),
    /** With `replace`: entries an earlier import from this source made that this file no longer has. */
    remove: z.number().int(),
  }),
  /** What must be chosen before this file can be committed. */
  needs: z.object({
    currency: z.boolean(),
    dateOrder: z.boolean(),
    conditionWhenUnknown: z.boolean(),
  }),
  /** The day order the file proves (a day above 12), or null. */
  dateOrder: z.enum(DATE_ORDERS).nullable(),
  /** The currencies the file's prices are in. */
  currencies: z.array(z.string()),
  /** The first 500 issues in file order; `issuesTotal` counts them all. */
  issues: z.array(importIssueSchema),
  issuesTotal: z.number().int(),
  sample: z.array(importSampleRowSchema),
})
export type ImportPreview = z.infer<typeof importPreviewSchema>

/** What a commit did (DESIGN §7). */
export const importResultSchema = z.object({
  mode: z.literal('commit'),
  importId: z.uuid(),
  ...formatFields,
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** With `replace`: entries removed because the file no longer has them. */
  removed: z.number().int(),
  /** The rows not imported and why (the first 1,000; `errorsTotal` counts them all; the report lists all). */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  errorsTotal: z.number().int(),
  /** The downloadable report of every row that was not imported. */
  reportUrl: z.string(),
})
export type ImportResult = z.infer<typeof importResultSchema>

export const importJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(IMPORT_JOB_STATUSES),
  mode: z.enum(IMPORT_MODES),
  target: z.enum(IMPORT_TARGETS),
  format: z.enum(IMPORT_FORMATS).nullable(),
  formatLabel: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int(),
  bytesDone: z.number().int(),
  rowsDone: z.number().int(),
  /** 0–100, from the bytes read (a commit reads the file twice: checking is its first fifth). */
  percent: z.number(),
  /**
   * While running: checking (reading and matching every row; a preview is only this) or importing (a
   * commit's second read, writing); `bytesDone` and `rowsDone` are the current phase's. Null otherwise.
   */
  phase: z.enum(['checking', 'importing']).nullable(),
  rowsPerSecond: z.number().nullable(),
  secondsLeft: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** Once done: the preview or the commit's answer. */
  result: z.union([importPreviewSchema, importResultSchema]).nullable(),
})
export type ImportJob = z.infer<typeof importJobSchema>

export const importJobsSchema = z.object({ imports: z.array(importJobSchema) })
export type ImportJobs = z.infer<typeof importJobsSchema>

/** The wanted list (`GET /api/me/wanted`): what the user wants, with today's fair price beside the limit. */
export const wantedItemSchema = z.object({
  id: z.number().int(),
  item: z.object({
    id: z.number().int(),
    type: itemTypeSchema,
    number: z.string(),
    name: z.string(),
    slug: z.string(),
    theme: z.string(),
    year: z.number().int().nullable(),
    imageUrl: z.string().nullable(),
  }),
  /** The grade wanted; null: either. */
  grade: gradeSchema.nullable(),
  quantity: z.number().int(),
  quantityFilled: z.number().int(),
  /** The most the user would pay per item, in pounds; null: no limit. */
  maxPrice: z.string().nullable(),
  maxPriceOriginal: z.string().nullable(),
  currency: z.string().nullable(),
  notes: z.string().nullable(),
  source: z.string().nullable(),
  /** The fair price of the wanted grade today (the new price when either will do), in pounds. */
  fairPriceGbp: z.string().nullable(),
  /** Whether the user has a "below" price alert on the item in that grade (at any threshold). */
  hasPriceAlert: z.boolean(),
  createdAt: z.string(),
})
export type WantedItem = z.infer<typeof wantedItemSchema>

export const wantedListQuerySchema = z.object({
  limit: queryInteger({ name: 'limit', min: 1, max: 500 }).default(100),
  offset: queryInteger({ name: 'offset', min: 0, max: 1_000_000 }).default(0),
})

export const wantedListSchema = z.object({ items: z.array(wantedItemSchema), total: z.number().int() })
export type WantedList = z.infer<typeof wantedListSchema>

/**
 * POST /api/me/wanted/alerts (ADR 051): a "below" price alert at the most the user would pay, on these wanted
 * items (ids) or on every one (no ids).
 */
export const wantedAlertsBodySchema = z.object({
  ids: z
    .array(idSchema({ name: 'ids' }), { message: 'ids must be a list of wanted item ids' })
    .min(1, { message: 'ids must name at least one wanted item; send no ids to set alerts on all of them' })
    .max(500, { message: 'At most 500 ids at once' })
    .optional(),
})

/** What setting alerts at the wanted list's prices did: alerts set, items that had one, items with no price. */
export const wantedAlertsResultSchema = z.object({
  created: z.number().int(),
  alreadySet: z.number().int(),
  withoutPrice: z.number().int(),
})
export type WantedAlertsResult = z.infer<typeof wantedAlertsResultSchema>
