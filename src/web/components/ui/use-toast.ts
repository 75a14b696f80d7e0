import { useSyncExternalStore } from 'react'
import { dismissToast, getToastState, subscribeToasts, type ToastState, toast } from './toast-store.ts'

export type { ToastInput, ToastVariant } from './toast-store.ts'

/** The toast queue and the functions to raise and dismiss toasts. */
export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const state = useSyncExternalStore(subscribeToasts, getToastState, getToastState)
  return { ...state, toast, dismiss: dismissToast }
}
