import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errors, json } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import {
  memberIdParamsSchema,
  memberSchema,
  membersQuerySchema,
  membersSchema,
  updateMemberBodySchema,
} from '#shared/contract/moderation.ts'
import { changeMemberTrust, membersList } from './members.service.ts'

const tags = ['Moderation']
const adminsOnly = 'Only admins can manage members (FORBIDDEN).'

/** Admins look members up and grant or remove "trusted" (DESIGN §4). */
export const membersRoutes: FastifyPluginAsyncZod = signedInRoutes(async (app) => {
  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary:
          'Members by e-mail or name (admins): role, trust and how many sales each recorded; admins first, then trusted members',
        querystring: membersQuerySchema,
        response: {
          200: json('A page of members and how many match', membersSchema),
          ...errors({ 403: adminsOnly }),
        },
      },
    },
    (request) => membersList({ db: app.db, query: request.query, actor: request.signedInUser() }),
  )

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Grant or remove "trusted" (admins): a trusted member’s sales are verified on entry',
        params: memberIdParamsSchema,
        body: updateMemberBodySchema,
        response: {
          200: json('The member, changed', memberSchema),
          ...errors({
            403: adminsOnly,
            404: 'No member has this id (NOT_FOUND).',
            409: 'The member is an admin, whose trust is not changed (CONFLICT).',
          }),
        },
      },
    },
    (request) =>
      changeMemberTrust({
        db: app.db,
        id: request.params.id,
        isTrusted: request.body.isTrusted,
        actor: request.signedInUser(),
      }),
  )
})
