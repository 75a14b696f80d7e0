import { type MutateOptions, type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { User } from '#shared/contract/auth.ts'
import type { UpdateProfileBody } from '#shared/contract/me.ts'
import { apiRequest } from '../api.ts'
import { useApiMutation } from '../use-api-mutation.ts'
import { refreshUser } from './auth-queries.ts'

interface UpdateProfileOptions {
  /** Runs with the server's answer shown, before the user is re-checked. */
  onSuccess?: (user: User) => void
  onError?: (error: Error) => void
  /** Saving is best effort (the currency choice): a 401 is not a reason to go to login. */
  bestEffort?: boolean
}

/**
 * Whether a saved change moves the collection's valuation: the retail-estimate choice itself, or the
 * display currency while it is on (the estimate takes that currency's region first).
 */
export function changesValuation(
  body: UpdateProfileBody,
  user: Pick<User, 'valueUnpricedAtRetail'>,
): boolean {
  return (
    body.valueUnpricedAtRetail !== undefined ||
    (body.currencyPreference !== undefined && user.valueUnpricedAtRetail)
  )
}

function refreshValuations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.valuedByProfile === true })
}

/**
 * PUT /api/me/profile: onboarding, the profile edit, the currency choice and the retail-estimate choice
 * each send their own fields. The answer is the user: shown at once, then re-checked (spec 01 §4); the
 * answers valued by the changed choices are asked again.
 *
 * `sent` is what is being saved, from the render of the change that sent it until the save settles: a choice
 * shows it at once. (The mutation's own state arrives a timer later, and a radio or checkbox drawn from it
 * flicked back to the old value meanwhile.)
 */
export function useUpdateProfile(options: UpdateProfileOptions = {}) {
  const queryClient = useQueryClient()
  const [sent, setSent] = useState<UpdateProfileBody | null>(null)
  const mutation = useApiMutation({
    mutationFn: (body: UpdateProfileBody) => apiRequest<User>('PUT', '/api/me/profile', { body }),
    meta: options.bestEffort ? { unauthorized: 'answer' } : undefined,
    onSuccess: async (user, body) => {
      // The answer shows at once (refreshUser's first step), the re-check follows.
      const refreshed = refreshUser(queryClient, user)
      if (changesValuation(body, user)) void refreshValuations(queryClient)
      options.onSuccess?.(user)
      await refreshed
    },
    onError: options.onError,
    onSettled: () => setSent(null),
  })
  const { mutate } = mutation
  const send = useCallback(
    (body: UpdateProfileBody, callbacks?: MutateOptions<User, Error, UpdateProfileBody>) => {
      setSent(body)
      mutate(body, callbacks)
    },
    [mutate],
  )
  return { ...mutation, mutate: send, sent }
}
