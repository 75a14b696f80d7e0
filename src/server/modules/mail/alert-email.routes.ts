import rateLimit from '@fastify/rate-limit'
import { HttpError } from '#server/errors.ts'
import { errors, json } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import { alertEmailStatusSchema, testMailSentSchema } from '#shared/contract/me.ts'
import { sharedRateLimitStore } from '../auth/attempt-limiter.ts'
import { type AppMail, MAIL_FAILED, MAIL_OFF, NO_ADDRESS, sendTestMail } from './alert-mail.service.ts'

const tags = ['Profile']
export const TEST_MAIL_WAIT =
  'A test e-mail went out less than a minute ago: look in your inbox, or try again soon.'

/**
 * Whether this server sends alert e-mails (the profile offers them only then), and a test e-mail to the user's
 * own address, at most one a minute each (counted in the database, so across instances).
 */
export const alertEmailRoutes = signedInRoutes<{ mail: AppMail | undefined }>(async (app, options) => {
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(app.db),
    errorResponseBuilder: () => new HttpError(429, TEST_MAIL_WAIT, 'RATE_LIMITED'),
  })

  app.get(
    '/me/alert-email',
    {
      schema: {
        tags,
        summary:
          'Whether this server sends alert e-mails (SMTP_URL set); without, alerts show in the app only',
        response: { 200: json('Whether alert e-mails are sent', alertEmailStatusSchema) },
      },
    },
    async () => ({ available: Boolean(options.mail) }),
  )

  app.post(
    '/me/alert-email/test',
    {
      config: {
        rateLimit: {
          max: 1,
          timeWindow: 60_000,
          // Per user; the signed-in check answers 401 before any of this counts a request without one.
          keyGenerator: (request) => `user:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Send a test e-mail to your own address, as alert e-mails are sent (one a minute)',
        response: {
          200: json('The mail server took it; the address it went to', testMailSentSchema),
          ...errors({
            409: `${MAIL_OFF} (MAIL_OFF), or: ${NO_ADDRESS} (NO_ADDRESS)`,
            429: `${TEST_MAIL_WAIT} (RATE_LIMITED)`,
            502: `${MAIL_FAILED} (MAIL_FAILED)`,
          }),
        },
      },
    },
    async (request) =>
      sendTestMail({ mail: options.mail, email: request.signedInUser().email, log: request.log }),
  )
})
