import { errors, json, noBody } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import {
  alertListSchema,
  alertSchema,
  createAlertBodySchema,
  markReadBodySchema,
  notificationListSchema,
  notificationsQuerySchema,
  unreadCountSchema,
  updateAlertBodySchema,
} from '#shared/contract/alerts.ts'
import { idParamsSchema } from '#shared/contract/common.ts'
import { MAX_ALERT_PAUSE_DAYS } from '#shared/contract/values.ts'
import { changeAlert, createAlert, listAlerts, removeAlert } from './alerts.service.ts'
import { markNotificationsRead, notificationPage } from './notifications.service.ts'

const tags = ['Alerts']
const notYours = errors({ 404: 'No alert of yours has this id (NOT_FOUND).' })
const badThreshold =
  "The threshold is missing ('Price threshold is required'), not positive ('Price must be positive') or not an " +
  'amount; the condition is not one of the item’s (BAD_REQUEST).'
const duplicate =
  'The same alert (item, condition, direction, threshold) exists (CONFLICT), or the user has 500 (ALERT_LIMIT).'

/** Price alerts (spec 02 §7; issue 13): the signed-in user's own; another user's alert id answers 404. */
export const alertsRoutes = signedInRoutes(async (app) => {
  app.get(
    '/me/alerts',
    {
      schema: {
        tags,
        summary: 'Your alerts, newest first, each with today’s fair price of its condition',
        response: { 200: json('The alert list', alertListSchema) },
      },
    },
    async (request) => listAlerts({ db: app.db, userId: request.signedInUser().id }),
  )

  app.post(
    '/alerts',
    {
      schema: {
        tags,
        summary:
          'Set a price alert (the threshold in your display currency unless `currency` says otherwise)',
        body: createAlertBodySchema,
        response: {
          201: json('The alert', alertSchema),
          ...errors({ 400: badThreshold, 404: 'No item has this id (NOT_FOUND).', 409: duplicate }),
        },
      },
    },
    async (request, reply) => {
      const alert = await createAlert({ db: app.db, owner: request.signedInUser(), body: request.body })
      return reply.code(201).send(alert)
    },
  )

  app.patch(
    '/alerts/:id',
    {
      schema: {
        tags,
        summary:
          'Pause or resume an alert, pause it until a time (it resumes by itself then), or change its threshold or direction',
        params: idParamsSchema,
        body: updateAlertBodySchema,
        response: {
          200: json('The alert', alertSchema),
          ...notYours,
          ...errors({
            400: `${badThreshold} Or pausedUntil is not a time in the next ${MAX_ALERT_PAUSE_DAYS} days, or comes with active true.`,
            409: duplicate,
          }),
        },
      },
    },
    async (request) => {
      const alert = await changeAlert({
        db: app.db,
        owner: request.signedInUser(),
        id: request.params.id,
        body: request.body,
      })
      return alert
    },
  )

  app.delete(
    '/alerts/:id',
    {
      schema: {
        tags,
        summary: 'Delete an alert',
        params: idParamsSchema,
        response: { 204: noBody('Deleted'), ...notYours },
      },
    },
    async (request, reply) => {
      await removeAlert({ db: app.db, userId: request.signedInUser().id, id: request.params.id })
      return reply.code(204).send()
    },
  )

  app.get(
    '/me/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications: the alerts that fired, newest first, with the price that fired each',
        querystring: notificationsQuerySchema,
        response: {
          200: json(
            'A page of notifications, how many there are and how many are unread',
            notificationListSchema,
          ),
        },
      },
    },
    async (request) =>
      notificationPage({
        db: app.db,
        userId: request.signedInUser().id,
        show: request.query.show,
        limit: request.query.limit,
        offset: request.query.offset,
      }),
  )

  app.post(
    '/me/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read: `ids`, or all of them when none are sent',
        body: markReadBodySchema,
        response: { 200: json('How many are left unread', unreadCountSchema) },
      },
    },
    async (request) =>
      markNotificationsRead({ db: app.db, userId: request.signedInUser().id, ids: request.body.ids }),
  )
})
