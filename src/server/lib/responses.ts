import type { FastifyReply, RouteOptions } from 'fastify'
import { z } from 'zod'
import { errorResponseSchema } from '#shared/contract/common.ts'

/**
 * A route's answers, status by status, as Fastify and the OpenAPI document both read them: Fastify validates
 * a JSON answer against its schema as it sends it (fastify-type-provider-zod's serializer), so a handler that
 * drifts from the contract answers 500 instead of the wrong shape, and `/api/openapi.json` shows the same
 * schema with its description.
 */
export function json<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema } } }
}

/** An answer with no body (204), or a redirect (302); the description says what it means. */
export const noBody = (description: string) => z.undefined().describe(description)

/** A non-JSON answer (a CSV file, a picture), documented by its media type. */
export function file(description: string, mediaType: string, schema: z.ZodType = z.string()) {
  return { description, content: { [mediaType]: { schema } } }
}

/** The one error body (DESIGN §8), with what this status means on this route. */
export const error = (description: string) => json(description, errorResponseSchema)

/** Error answers by status: `errors({ 404: 'No item has this id' })`. */
export function errors<const S extends number>(
  descriptions: Record<S, string>,
): Record<S, ReturnType<typeof error>> {
  return Object.fromEntries(
    Object.entries<string>(descriptions).map(([status, description]) => [status, error(description)]),
  ) as Record<S, ReturnType<typeof error>>
}

/**
 * For `onRoute` hooks of plugins that can answer an error on the routes they wrap (sign-in, the private beta,
 * the same-origin check, bad input): documents that error on the route, beside what the route itself declares
 * for the same status (descriptions are sentences naming their codes, joined). Routes the document hides (the
 * API reference's own files) are left alone.
 */
export function documentError(route: RouteOptions, status: number, description: string): void {
  if ((route.schema as { hide?: boolean } | undefined)?.hide) return
  // A copy: several routes may share one schema object, and each gets the errors of its own plugins.
  const response: Record<string, unknown> = { ...(route.schema?.response as Record<string, unknown>) }
  const existing = response[status]
  if (existing === undefined) response[status] = error(description)
  else if (isDescribed(existing) && !existing.description.includes(description)) {
    response[status] = { ...existing, description: `${existing.description} ${description}` }
  }
  route.schema = { ...route.schema, response }
}

function isDescribed(answer: unknown): answer is { description: string } {
  return typeof (answer as { description?: unknown }).description === 'string'
}

/**
 * Sends JSON text as it is, without the serializer's check: text the read cache kept, or that the database
 * wrote in the contract's shape (the feed), where checking and writing again would cost more than the answer.
 * Its route's API tests parse it with the contract's schema instead.
 */
export function sendJsonText(reply: FastifyReply, body: string) {
  // Encoded once, here: sent as a string, a large answer was copied whole twice more on its way out — once to
  // count its bytes for Content-Length, once to put the status line and headers in front of it.
  return reply.type('application/json; charset=utf-8').send(Buffer.from(body))
}
