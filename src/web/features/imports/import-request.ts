import type { ImportBody, ImportChoices } from '#shared/contract/imports.ts'
import type { ImportMode, ImportSource } from '#shared/contract/values.ts'
import type { RequestOptions } from '#web/lib/api.ts'

/** What the user gave to import: files win over a web address, which wins over pasted text. */
export interface ImportInput {
  source: ImportSource
  url: string
  data: string
  files: File[]
}

/** The choices as the screen keeps them: resolutions by number, so choosing one again replaces it. */
export interface ChoiceValues extends Omit<ImportChoices, 'resolutions'> {
  resolutions: Record<string, number>
}

export const NO_CHOICES: ChoiceValues = { resolutions: {} }

/** The three marketplace sources have a URL field (spec 02 §2). */
export const hasUrlField = (source: ImportSource) =>
  source === 'bricklink' || source === 'brickset' || source === 'rebrickable'

/** The web address given, when the source shows the field (one typed before switching source is not sent). */
const urlOf = (input: ImportInput) => (hasUrlField(input.source) ? input.url.trim() : '')

export function hasInput(input: ImportInput): boolean {
  return input.files.length > 0 || urlOf(input) !== '' || input.data.trim() !== ''
}

export function choicesBody(choices: ChoiceValues): ImportChoices {
  const { resolutions, ...rest } = choices
  const chosen = Object.entries(resolutions).map(([number, itemId]) => ({ number, itemId }))
  return { ...rest, ...(chosen.length > 0 ? { resolutions: chosen } : {}) }
}

/**
 * `POST /api/import/data`'s request: a multipart upload when files are chosen (each in field `file`, every
 * choice a form field, `resolutions` as JSON text), else the JSON body `{ source, data | url, … }`.
 */
export function importRequest(input: ImportInput, choices: ChoiceValues, mode: ImportMode): RequestOptions {
  const fields: ImportChoices & { source: ImportSource; mode: ImportMode } = {
    source: input.source,
    mode,
    ...choicesBody(choices),
  }
  if (input.files.length === 0) {
    const url = urlOf(input)
    const body: ImportBody = url ? { ...fields, url } : { ...fields, data: input.data }
    return { body }
  }
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    form.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  for (const file of input.files) form.append('file', file, file.name)
  return { form }
}
