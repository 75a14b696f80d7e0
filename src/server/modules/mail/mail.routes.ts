import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HttpError } from '#server/errors.ts'
import { errors, file } from '#server/lib/responses.ts'
import { unsubscribeQuerySchema } from '#shared/contract/me.ts'
import { recipientOfToken, unsubscribe } from './alert-mail.service.ts'
import { confirmPage, donePage, problemPage } from './unsubscribe-page.ts'

const tags = ['Profile']
const badToken = errors({
  400: 'The link has no token, or not a whole one (BAD_REQUEST).',
  404: 'No account has this token (NOT_FOUND).',
})

/**
 * A bad link answers its 4xx as a page to a browser (someone clicked it) and as the JSON error to anything
 * else (a mail provider's one-click POST, a script).
 */
async function answer(request: FastifyRequest, reply: FastifyReply, render: () => Promise<string>) {
  try {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await render())
  } catch (error) {
    if (!(error instanceof HttpError) || !request.headers.accept?.includes('text/html')) throw error
    return reply.code(error.statusCode).type('text/html; charset=utf-8').send(problemPage(error.message))
  }
}

/**
 * The unsubscribe link of alert e-mails (RFC 8058), for anyone who has it, signed in or not: the token in it
 * is the credential, so it is open to the private beta and to any origin (`anyOrigin`).
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058's one-click POST is a form (`List-Unsubscribe=One-Click`); what it says is fixed, so it is read
  // and left unparsed. Only in this scope: the rest of the API reads JSON.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  )

  app.get(
    '/email/unsubscribe',
    {
      schema: {
        tags,
        summary: 'The unsubscribe link of alert e-mails: a page asking to confirm (it changes nothing)',
        querystring: unsubscribeQuerySchema,
        response: { 200: file('The confirmation page', 'text/html'), ...badToken },
      },
    },
    (request, reply) =>
      answer(request, reply, async () =>
        confirmPage(await recipientOfToken({ db: app.db, token: request.query.token })),
      ),
  )

  app.post(
    '/email/unsubscribe',
    {
      config: { anyOrigin: true },
      schema: {
        tags,
        summary: 'Stop alert e-mails (one-click, RFC 8058; no sign-in: the token is the key)',
        querystring: unsubscribeQuerySchema,
        response: { 200: file('Done: alert e-mails are off', 'text/html'), ...badToken },
      },
    },
    (request, reply) =>
      answer(request, reply, async () =>
        donePage(await unsubscribe({ db: app.db, token: request.query.token })),
      ),
  )
}
