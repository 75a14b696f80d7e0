import type { FastifyRequest } from 'fastify'
import { errors, json, noBody } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import { endedSessionsSchema, sessionIdParamsSchema, sessionListSchema } from '#shared/contract/sessions.ts'
import { endOtherSessions, endSessionById, listSessions } from './sessions.service.ts'

const tags = ['Profile']

/** The signed-in user's sessions: see them and end them (DESIGN §4, the profile's Sessions card). */
export const sessionsRoutes = signedInRoutes(async (app) => {
  /** Inside signedInRoutes a user means a session: the session plugin sets both together. */
  const current = (request: FastifyRequest) => ({
    db: app.db,
    userId: request.signedInUser().id,
    currentSid: request.sessionId ?? '',
  })

  app.get(
    '/me/sessions',
    {
      schema: {
        tags,
        summary: 'Your sessions: where and when you are signed in',
        response: { 200: json('This session first, then the most recently used', sessionListSchema) },
      },
    },
    async (request) => listSessions(current(request)),
  )

  app.delete(
    '/me/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End one of your sessions (signs that browser out)',
        params: sessionIdParamsSchema,
        response: {
          204: noBody('Ended; when it was this session, its cookie is cleared too'),
          ...errors({ 404: 'No session of yours has this id (NOT_FOUND).' }),
        },
      },
    },
    async (request, reply) => {
      const { endedCurrent } = await endSessionById({ ...current(request), publicId: request.params.id })
      if (endedCurrent) await app.endSession(request, reply)
      return reply.code(204).send()
    },
  )

  app.post(
    '/me/sessions/revoke-others',
    {
      schema: {
        tags,
        summary: 'End all your sessions but this one',
        response: { 200: json('How many sessions ended', endedSessionsSchema) },
      },
    },
    async (request) => endOtherSessions(current(request)),
  )
})
