import { errors, json } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import { userSchema } from '#shared/contract/auth.ts'
import { updateProfileBodySchema, userStatsSchema } from '#shared/contract/me.ts'
import { updateProfile } from '../auth/auth.service.ts'
import { userStats } from './me.service.ts'

const tags = ['Profile']

export const meRoutes = signedInRoutes(async (app) => {
  app.put(
    '/me/profile',
    {
      schema: {
        tags,
        summary: 'Change the profile: onboarding, names, display currency, valuing unpriced items at retail',
        body: updateProfileBodySchema,
        response: {
          200: json('The user, changed', userSchema),
          ...errors({ 404: 'The account no longer exists (NOT_FOUND).' }),
        },
      },
    },
    async (request) =>
      updateProfile({ db: app.db, userId: request.signedInUser().id, changes: request.body }),
  )

  app.get(
    '/me/stats',
    {
      schema: {
        tags,
        summary: 'Counts and the collection’s value (pounds)',
        response: { 200: json('The figures', userStatsSchema) },
      },
    },
    async (request) => userStats({ db: app.db, user: request.signedInUser() }),
  )
})
