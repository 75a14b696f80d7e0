/**
 * The moderation screen's calls (DESIGN §4): the queue of sales to verify or reject, the requests to add
 * items to the catalogue, and the members admins trust.
 */
import { z } from 'zod'
import { currentYearUtc } from '../dates.ts'
import { itemDetailSchema, itemFieldSchemas, itemWriteBodySchema } from './catalogue.ts'
import { itemTypeSchema, optionalParam, queryInteger } from './common.ts'
import { saleSchema } from './market.ts'
import { ITEM_REQUEST_STATUSES, SALE_REVIEW_STATUSES, USER_ROLES } from './values.ts'

const pageQuery = (defaultLimit: number) => ({
  limit: queryInteger({ name: 'limit', min: 1, max: 100 }).default(defaultLimit),
  offset: queryInteger({ name: 'offset', min: 0, max: 10_000_000 }).default(0),
})

/** Someone named in a moderator's list: their name (null when they gave none) and e-mail. */
export const personSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
})
export type Person = z.infer<typeof personSchema>

/** The item a sale or request is about, as a list row shows and links it. */
export const itemRefSchema = z.object({
  id: z.number().int(),
  type: itemTypeSchema,
  number: z.string(),
  name: z.string(),
  slug: z.string(),
  imageUrl: z.string().nullable(),
})
export type ItemRef = z.infer<typeof itemRefSchema>

/** GET /api/moderation/sales */
export const reviewSalesQuerySchema = z.object({
  status: z
    .enum(SALE_REVIEW_STATUSES, { message: "status must be 'pending' or 'rejected'" })
    .default('pending'),
  ...pageQuery(20),
})
export type ReviewSalesQuery = z.infer<typeof reviewSalesQuerySchema>

/** A sale as a moderator reviews it: the sale, its item, and who submitted it (null: account gone). */
export const reviewSaleSchema = saleSchema.extend({ item: itemRefSchema, submitter: personSchema.nullable() })
export type ReviewSale = z.infer<typeof reviewSaleSchema>
export const reviewSalesSchema = z.object({ sales: z.array(reviewSaleSchema), total: z.number().int() })
export type ReviewSales = z.infer<typeof reviewSalesSchema>

/** The most requests one call may send (an import's unknown numbers, a batch at a time). */
export const MAX_ITEM_REQUESTS = 500

const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .transform((value) => (value === '' ? null : value))
    .nullish()

/** One number someone would like in the catalogue, with what they know of it. */
export const itemRequestInputSchema = z.object({
  /** Left out: guessed from the number (a minifigure code such as sw0001a, else a set). */
  type: itemTypeSchema.optional(),
  code: itemFieldSchemas.number,
  name: optionalText('Name', 200),
  theme: optionalText('Theme', 100),
  // Wider than an item's own years: a file may name a set from before 1950, for the moderator to judge.
  year: z
    .number({ message: 'Year must be a number' })
    .int({ message: 'Year must be a whole number' })
    .min(1900, { message: 'Year must be 1900 or later' })
    .refine((year) => year <= currentYearUtc() + 1, { message: 'Year is too far in the future' })
    .nullish(),
})
export type ItemRequestInput = z.output<typeof itemRequestInputSchema>

/** POST /api/item-requests */
export const createItemRequestsBodySchema = z.object({
  requests: z
    .array(itemRequestInputSchema, { message: 'requests must be a list' })
    .min(1, { message: 'Send at least one request' })
    .max(MAX_ITEM_REQUESTS, { message: `At most ${MAX_ITEM_REQUESTS} requests at a time` }),
})
export type CreateItemRequestsBody = z.input<typeof createItemRequestsBodySchema>
/** New requests, and requests that joined one already waiting for the same number. */
export const createdItemRequestsSchema = z.object({ created: z.number().int(), joined: z.number().int() })
export type CreatedItemRequests = z.infer<typeof createdItemRequestsSchema>

/** GET /api/moderation/item-requests */
export const itemRequestsQuerySchema = z.object({
  status: z
    .enum(ITEM_REQUEST_STATUSES, { message: "status must be 'pending', 'approved' or 'rejected'" })
    .default('pending'),
  ...pageQuery(20),
})
export type ItemRequestsQuery = z.infer<typeof itemRequestsQuerySchema>

export const itemRequestSchema = z.object({
  id: z.number().int(),
  type: itemTypeSchema,
  code: z.string().nullable(),
  name: z.string().nullable(),
  theme: z.string().nullable(),
  year: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  /** Where it came from: 'import' (an unknown number in an imported file). */
  origin: z.string().nullable(),
  status: z.enum(ITEM_REQUEST_STATUSES),
  submitter: personSchema.nullable(),
  createdAt: z.string(),
  reviewer: personSchema.nullable(),
  reviewedAt: z.string().nullable(),
  /** A rejection's reason. */
  notes: z.string().nullable(),
  /** The item an approval added. */
  item: itemRefSchema.nullable(),
})
export type ItemRequest = z.infer<typeof itemRequestSchema>
export const itemRequestListSchema = z.object({
  requests: z.array(itemRequestSchema),
  total: z.number().int(),
})
export type ItemRequestList = z.infer<typeof itemRequestListSchema>

/** POST /api/item-requests/{id}/approve: the item to add, checked as POST /api/items checks it. */
export const approveItemRequestBodySchema = itemWriteBodySchema
export const approvedItemRequestSchema = z.object({ request: itemRequestSchema, item: itemDetailSchema })
export type ApprovedItemRequest = z.infer<typeof approvedItemRequestSchema>

/** GET /api/admin/users */
export const membersQuerySchema = z.object({
  /** Part of an e-mail or a name; left out, everyone. */
  query: optionalParam(z.string().trim().max(100, { message: 'query must be at most 100 characters' })),
  ...pageQuery(25),
})
export type MembersQuery = z.infer<typeof membersQuerySchema>

export const memberSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(USER_ROLES),
  isTrusted: z.boolean(),
  createdAt: z.string(),
  /** How many sales they have recorded, whatever became of them. */
  salesCount: z.number().int(),
})
export type Member = z.infer<typeof memberSchema>
export const membersSchema = z.object({ users: z.array(memberSchema), total: z.number().int() })
export type Members = z.infer<typeof membersSchema>

export const memberIdParamsSchema = z.object({ id: z.guid({ message: 'id must be a user id' }) })

/** PATCH /api/admin/users/{id} */
export const updateMemberBodySchema = z.object({
  isTrusted: z.boolean({ message: 'isTrusted must be true or false' }),
})
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>
