import { z } from 'zod'
import { gradeSchema, idSchema, itemTypeSchema, queryInteger } from './common.ts'
import {
  ALERT_DIRECTIONS,
  CURRENCY_CODES,
  MAX_ALERT_PAUSE_DAYS,
  NOTIFICATION_VIEWS,
  PRICE_BASES,
} from './values.ts'

/**
 * Price alerts (spec 02 §2, §5, §7; issue 13): the fair price of an item's condition going below or above a
 * threshold the user entered in their display currency, kept in that currency.
 */

const THRESHOLD_REQUIRED = 'Price threshold is required'
const THRESHOLD_POSITIVE = 'Price must be positive'

/** What is wrong with a threshold as typed, the first thing only (spec 02 §5's messages first); null: nothing. */
export function thresholdProblem(value: string): string | null {
  if (value === '') return THRESHOLD_REQUIRED
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) return 'Price threshold must be a number such as 49.99'
  if (!(Number(value) > 0)) return THRESHOLD_POSITIVE
  if (!/^\+?\d{1,8}(\.\d{1,2})?$/.test(value)) {
    return 'Price threshold must be an amount such as 49.99, with at most 2 decimals (at most 99999999.99)'
  }
  return null
}

/**
 * The threshold as typed (spec 02 §5): required, a number, positive; an amount such as 49.99 (text or a
 * JSON number), never rounded quietly.
 */
export const thresholdSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z
    .string({ message: THRESHOLD_REQUIRED })
    .trim()
    .superRefine((value, context) => {
      const problem = thresholdProblem(value)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    })
    .transform((value) => value.replace(/^\+/, '')),
)

const directionSchema = z.enum(ALERT_DIRECTIONS, { message: "Direction must be 'below' or 'above'" })
const currencySchema = z.enum(CURRENCY_CODES, {
  message: `Currency must be one of ${CURRENCY_CODES.join(', ')}`,
})
const activeSchema = z.boolean({ message: 'active must be true or false' })

/** POST /api/alerts (spec 02 §7); the currency is the user's display currency unless named. */
export const createAlertBodySchema = z.object({
  itemId: idSchema({ name: 'itemId', message: 'itemId must be an item id' }),
  conditionId: idSchema({ name: 'conditionId', message: 'Please select a condition' }),
  direction: directionSchema.default('below'),
  thresholdValue: thresholdSchema,
  currency: currencySchema.optional(),
  active: activeSchema.default(true),
})
export type CreateAlertBody = z.input<typeof createAlertBodySchema>
export type CreateAlertData = z.output<typeof createAlertBodySchema>

const DAY_MS = 86_400_000

/**
 * When a paused alert resumes by itself (a snooze): a time with its offset, in the future and at most
 * MAX_ALERT_PAUSE_DAYS ahead, answered as an ISO time in UTC.
 */
const PAUSED_UNTIL_FORMAT = 'pausedUntil must be a date and time such as 2026-12-08T09:00:00Z'
const pausedUntilSchema = z
  .string({ message: PAUSED_UNTIL_FORMAT })
  .refine((value) => z.iso.datetime({ offset: true }).safeParse(value).success, {
    message: PAUSED_UNTIL_FORMAT,
    abort: true,
  })
  .refine((value) => Date.parse(value) > Date.now(), {
    message: 'pausedUntil must be in the future',
    abort: true,
  })
  .refine((value) => Date.parse(value) <= Date.now() + MAX_ALERT_PAUSE_DAYS * DAY_MS, {
    message: `An alert can be paused for at most ${MAX_ALERT_PAUSE_DAYS} days`,
  })
  .transform((value) => new Date(value).toISOString())

/**
 * PATCH /api/alerts/{id}: pause, resume, pause until a time (`pausedUntil`, resuming by itself then), change the
 * threshold (in the display currency unless named) or direction.
 */
export const updateAlertBodySchema = z
  .object({
    active: activeSchema.optional(),
    pausedUntil: pausedUntilSchema.optional(),
    direction: directionSchema.optional(),
    thresholdValue: thresholdSchema.optional(),
    currency: currencySchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Say what to change: active, pausedUntil, direction or thresholdValue',
  })
  .refine((body) => body.currency === undefined || body.thresholdValue !== undefined, {
    message: 'currency goes with a new thresholdValue',
    path: ['currency'],
  })
  .refine((body) => body.pausedUntil === undefined || body.active !== true, {
    message: 'pausedUntil pauses the alert: it cannot go with active true',
    path: ['pausedUntil'],
  })
export type UpdateAlertBody = z.input<typeof updateAlertBodySchema>
export type UpdateAlertData = z.output<typeof updateAlertBodySchema>

/** An alert as the watchlist shows it (spec 02 §6: item, condition label, direction, threshold, active). */
export const alertSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  item: z.object({
    id: z.number().int(),
    number: z.string(),
    name: z.string(),
    slug: z.string(),
    imageUrl: z.string().nullable(),
    type: itemTypeSchema,
  }),
  conditionId: z.number().int(),
  /** The condition's label, e.g. New/Sealed; the fair price compared is its grade's. */
  condition: z.string(),
  grade: gradeSchema,
  direction: z.enum(ALERT_DIRECTIONS),
  /** As the user entered it, in `currency`. */
  thresholdValue: z.string(),
  currency: z.enum(CURRENCY_CODES),
  active: z.boolean(),
  /** A paused alert's time to resume by itself; null when it waits for its owner, or is active. */
  pausedUntil: z.string().nullable(),
  lastTriggered: z.string().nullable(),
  createdAt: z.string(),
  /** Today's fair price of the condition's grade, in pounds; null: no data yet. */
  fairPriceGbp: z.string().nullable(),
  /** When that fair price was last worked out (its sales or marketplace values last changed); null with no data. */
  fairPriceUpdatedAt: z.string().nullable(),
  /** What that fair price stands on: verified sales of the last 90 days, 365 days or all, or marketplace values. */
  fairPriceBasis: z.enum(PRICE_BASES),
  /**
   * Null while the alert is ready to fire. Once it has fired: the price, in `currency`, its condition's fair
   * price must move back past (above it for a below-alert, below it for an above-alert) before it can fire again.
   */
  rearmsPast: z.string().nullable(),
})
export type Alert = z.infer<typeof alertSchema>

/** GET /api/me/alerts: the user's alerts, newest first (at most 500). */
export const alertListSchema = z.array(alertSchema)
export type AlertList = z.infer<typeof alertListSchema>

/** A notification (issue 13 part 4): an alert that fired, with the price that fired it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  alertId: z.number().int(),
  item: alertSchema.shape.item,
  condition: z.string(),
  direction: z.enum(ALERT_DIRECTIONS),
  /** The threshold as it was when the alert fired, in `currency`. */
  thresholdValue: z.string(),
  currency: z.enum(CURRENCY_CODES),
  /** The fair price that fired it, in pounds and in `currency` at that moment's rate. */
  priceGbp: z.string(),
  price: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
})
export type Notification = z.infer<typeof notificationSchema>

export const notificationsQuerySchema = z.object({
  show: z.enum(NOTIFICATION_VIEWS, { message: "show must be 'all' or 'unread'" }).default('all'),
  limit: queryInteger({ name: 'limit', min: 1, max: 100 }).default(30),
  offset: queryInteger({ name: 'offset', min: 0, max: 1_000_000 }).default(0),
})

/**
 * GET /api/me/notifications: newest first (all, or only the unread with `show=unread`), with how many there are
 * and how many are unread, whichever are shown.
 */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
})
export type NotificationList = z.infer<typeof notificationListSchema>

/** POST /api/me/notifications/read: these (ids), or all of them (no ids). */
export const markReadBodySchema = z.object({
  ids: z
    .array(idSchema({ name: 'ids' }), { message: 'ids must be a list of notification ids' })
    .min(1, { message: 'ids must name at least one notification; send no ids to mark all read' })
    .max(500, { message: 'At most 500 ids at once' })
    .optional(),
})
export type MarkReadBody = z.input<typeof markReadBodySchema>
export const unreadCountSchema = z.object({ unread: z.number().int() })

/**
 * GET /api/me/events (text/event-stream): each new notification of the signed-in user as an event named
 * NOTIFICATION_EVENT (values.ts, so the web app's shell reads it without zod) whose data is a
 * `notificationSchema` object and whose id is the notification's id (a reconnect's Last-Event-ID gets what was
 * missed); PRICES_EVENT events, without an id, whose data is a `pricesEventSchema` object naming items the user
 * has alerts on whose fair prices were just recomputed; ALERTS_EVENT events, without an id and with `{}` as data, when the
 * user's alerts were created, changed, resumed or deleted anywhere; a comment line now and then keeps the
 * connection open.
 */
export { ALERTS_EVENT, NOTIFICATION_EVENT, PRICES_EVENT } from './values.ts'
export const pricesEventSchema = z.object({ itemIds: z.array(z.number().int()) })
export type PricesEvent = z.infer<typeof pricesEventSchema>
