import { type MutateOptions, type UseMutationOptions, useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { isUnauthorized } from './api.ts'

/**
 * useMutation for the API. A 401 is the query client's to answer (the Unauthorized toast and the
 * way to login, lib/query-client.ts), so a screen's own failure handlers, in the hook's options or
 * in a `mutate` call, never see one; unless the mutation's meta says a 401 is its answer.
 */
export function useApiMutation<TData, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, Error, TVariables, TContext>,
) {
  const answersUnauthorized = options.meta?.unauthorized === 'answer'
  const onError = options.onError
  const mutation = useMutation<TData, Error, TVariables, TContext>({
    ...options,
    onError: onError
      ? (error, ...rest) =>
          answersUnauthorized || !isUnauthorized(error) ? onError(error, ...rest) : undefined
      : undefined,
  })
  const { mutate } = mutation
  const mutateQuietly = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, Error, TVariables, TContext>) => {
      const failed = callbacks?.onError
      mutate(
        variables,
        failed && !answersUnauthorized
          ? {
              ...callbacks,
              onError: (error, ...rest) => (isUnauthorized(error) ? undefined : failed(error, ...rest)),
            }
          : callbacks,
      )
    },
    [mutate, answersUnauthorized],
  )
  return { ...mutation, mutate: mutateQuietly }
}
