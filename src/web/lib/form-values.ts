/**
 * What an input's text becomes in a request body. Zod-free, so the screens that build bodies do not load
 * the form checks (lib/form-schemas.ts) before the first submit.
 */

/** Trimmed text, or null when empty. */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** A number, or null when empty; text that is not a number stays NaN so the schema says so. */
export function numberOrNull(value: string): number | null {
  const trimmed = value.trim()
  return trimmed === '' ? null : Number(trimmed)
}
