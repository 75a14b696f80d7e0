import { useCallback, useState } from 'react'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from './api.ts'

/**
 * A form's failed save, the one way (spec 01 §8): the error goes to the console, the form's failure toast
 * is shown, and the server's message stays above the buttons until the next try.
 */
export function useFormFailure() {
  const [serverError, setServerError] = useState<string | undefined>(undefined)
  const clear = useCallback(() => setServerError(undefined), [])
  const fail = useCallback(
    (texts: { title: string; description?: string }) => (error: unknown) => {
      console.error(error)
      toast({ ...texts, variant: 'destructive' })
      setServerError(serverMessage(error, ''))
    },
    [],
  )
  return { serverError, clear, fail }
}
