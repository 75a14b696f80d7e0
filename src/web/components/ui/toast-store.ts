/**
 * The toast queue (spec 01 §9: at most 1 visible; a dismissed toast is removed after 1,000,000 ms,
 * so Radix can finish its exit animation long before). Kept outside React so any code can raise a
 * toast; `useToast()` subscribes a component to it.
 */

export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_DURATION_MS = 5_000
export const TOAST_SWIPE_THRESHOLD_PX = 50

export type ToastVariant = 'default' | 'destructive' | 'success'

export interface ToastInput {
  title: string
  description?: string
  variant?: ToastVariant
}

export interface ToastEntry extends ToastInput {
  id: string
  open: boolean
}

export interface ToastState {
  toasts: ToastEntry[]
}

export type ToastAction =
  | { type: 'add'; toast: ToastEntry }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string }

/** Pure state transitions, so the queue rules are unit-tested without a DOM. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      // Newest first; the limit drops the oldest.
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) }
    case 'dismiss':
      return {
        toasts: state.toasts.map((toast) =>
          action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast,
        ),
      }
    case 'remove':
      return {
        toasts: action.id === undefined ? [] : state.toasts.filter((toast) => toast.id !== action.id),
      }
  }
}

type Listener = (state: ToastState) => void

let state: ToastState = { toasts: [] }
const listeners = new Set<Listener>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()
let counter = 0

function dispatch(action: ToastAction): void {
  state = toastReducer(state, action)
  for (const listener of listeners) listener(state)
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      dispatch({ type: 'remove', id })
    }, TOAST_REMOVE_DELAY_MS),
  )
}

/** Shows a toast and returns its id. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  dispatch({ type: 'add', toast: { ...input, id, open: true } })
  return id
}

/** Closes one toast (or all); it is removed from the queue later. */
export function dismissToast(id?: string): void {
  const ids = id === undefined ? state.toasts.map((entry) => entry.id) : [id]
  for (const each of ids) scheduleRemoval(each)
  dispatch({ type: 'dismiss', id })
}

export function getToastState(): ToastState {
  return state
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
