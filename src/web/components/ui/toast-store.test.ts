import { describe, expect, it } from 'vitest'
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastEntry,
  toastReducer,
} from './toast-store.ts'

const entry = (id: string): ToastEntry => ({ id, title: `Toast ${id}`, open: true })

describe('toastReducer', () => {
  it('uses the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1)
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000)
    expect(TOAST_DURATION_MS).toBe(5_000)
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50)
  })

  it('keeps only the newest toast visible', () => {
    let state = toastReducer({ toasts: [] }, { type: 'add', toast: entry('1') })
    state = toastReducer(state, { type: 'add', toast: entry('2') })
    expect(state.toasts.map((toast) => toast.id)).toEqual(['2'])
  })

  it('dismisses one toast, or all, by closing them', () => {
    const state = { toasts: [entry('1')] }
    expect(toastReducer(state, { type: 'dismiss', id: '1' }).toasts[0]?.open).toBe(false)
    expect(toastReducer(state, { type: 'dismiss', id: 'other' }).toasts[0]?.open).toBe(true)
    expect(toastReducer(state, { type: 'dismiss' }).toasts[0]?.open).toBe(false)
  })

  it('removes one toast, or all', () => {
    const state = { toasts: [entry('1')] }
    expect(toastReducer(state, { type: 'remove', id: '1' }).toasts).toEqual([])
    expect(toastReducer(state, { type: 'remove', id: 'other' }).toasts).toHaveLength(1)
    expect(toastReducer(state, { type: 'remove' }).toasts).toEqual([])
  })
})
