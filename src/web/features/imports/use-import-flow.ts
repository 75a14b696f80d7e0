import { useRef, useState } from 'react'
import type { ImportIssue, ImportPreview, ImportResult } from '#shared/contract/imports.ts'
import { IMPORT_TARGETS, type ImportFormat, type ImportTarget, isOneOf } from '#shared/contract/values.ts'
import { IMPORT_FORMAT_INFO } from '#shared/import-formats.ts'
import { type Actor, canImportData } from '#shared/permissions.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import type { AmbiguousNumber } from './components/ambiguous-choices.tsx'
import { type ChoiceValues, hasInput, type ImportInput, NO_CHOICES } from './import-request.ts'
import { IMPORT_TEXTS } from './import-texts.ts'
import { isJob, useImportData } from './mutations.ts'

/** Where this user may send a file of `format`: the catalogue only for admins and trusted members. */
export function allowedTargets(format: ImportFormat, user: Actor | null): ImportTarget[] {
  return IMPORT_FORMAT_INFO[format].targets.filter((target) => target !== 'catalogue' || canImportData(user))
}

/** A target named in the address (`?target=wanted`, from the wanted list's empty state). */
export function targetParam(search: string): ImportTarget | undefined {
  const target = new URLSearchParams(search).get('target')
  return isOneOf(IMPORT_TARGETS, target) ? target : undefined
}

/**
 * The numbers asked about so far, with their lines and candidates. Kept across previews: once the user has
 * chosen, the next preview no longer lists the number, but the choice must stay on screen to change.
 */
export function mergeAmbiguous(known: AmbiguousNumber[], issues: ImportIssue[]): AmbiguousNumber[] {
  const byNumber = new Map(known.map((entry) => [entry.number, { ...entry, lines: [...entry.lines] }]))
  for (const issue of issues) {
    if (issue.status !== 'ambiguous' || !issue.number || !issue.candidates?.length) continue
    const entry = byNumber.get(issue.number)
    if (!entry)
      byNumber.set(issue.number, { number: issue.number, lines: [issue.line], candidates: issue.candidates })
    else if (!entry.lines.includes(issue.line)) entry.lines.push(issue.line)
  }
  return [...byNumber.values()]
}

export const successToast = (result: ImportResult) =>
  toast({
    title: IMPORT_TEXTS.success.title,
    description: IMPORT_TEXTS.success.description(result.imported + result.updated),
    variant: 'success',
  })

/** The spec's failure toast; the server's own words go beside the form. */
export function failureMessage(error: unknown): string {
  toast({
    title: IMPORT_TEXTS.failure.title,
    description: IMPORT_TEXTS.failure.description,
    variant: 'destructive',
  })
  return serverMessage(error, IMPORT_TEXTS.failure.description)
}

/**
 * A file up to 5 MB, checked and imported in the request: what was given, the choices made, the preview
 * (worked out again as choices change) and the result. A larger file answers with its job, handed to
 * `onJob` (the screen follows it in the address).
 */
export function useImportFlow({
  user,
  requestedTarget,
  onJob,
}: {
  user: Actor | null
  requestedTarget: ImportTarget | undefined
  onJob: (id: string) => void
}) {
  const [input, setInput] = useState<ImportInput>({ source: 'bricklink', url: '', data: '', files: [] })
  const [choices, setChoices] = useState<ChoiceValues>(NO_CHOICES)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [ambiguous, setAmbiguous] = useState<AmbiguousNumber[]>([])
  const [error, setError] = useState<string | null>(null)
  const run = useImportData()
  // Only the answer to the latest request is shown: choices made quickly never show an older count.
  const latest = useRef(0)

  const previewWith = (next: ChoiceValues, known: AmbiguousNumber[]) => {
    const request = ++latest.current
    run.mutate(
      { input, choices: next, mode: 'preview' },
      {
        onSuccess: (answer) => {
          if (request !== latest.current) return
          if (isJob(answer)) return onJob(answer.id)
          if (answer.mode !== 'preview') return
          setError(null)
          setPreview(answer)
          setAmbiguous(mergeAmbiguous(known, answer.issues))
          // Asked for a target (the wanted list's link) that this file can fill: the counts are for it.
          const wanted = requestedTarget
          if (
            !next.target &&
            wanted &&
            wanted !== answer.target &&
            allowedTargets(answer.format, user).includes(wanted)
          ) {
            const withTarget = { ...next, target: wanted }
            setChoices(withTarget)
            previewWith(withTarget, mergeAmbiguous(known, answer.issues))
          }
        },
        onError: (failure) => {
          if (request === latest.current) setError(failureMessage(failure))
        },
      },
    )
  }

  return {
    input,
    choices,
    preview,
    result,
    ambiguous,
    error,
    checking: run.isPending && preview === null && result === null,
    updating: run.isPending && preview !== null,
    committing: run.isPending && run.variables?.mode === 'commit',
    changeInput: (next: ImportInput) => {
      latest.current++
      setInput(next)
      setChoices(NO_CHOICES)
      setPreview(null)
      setResult(null)
      setAmbiguous([])
      setError(null)
    },
    check: () => {
      if (!hasInput(input)) return setError(IMPORT_TEXTS.nothingGiven)
      setPreview(null)
      setResult(null)
      setAmbiguous([])
      setChoices(NO_CHOICES)
      previewWith(NO_CHOICES, [])
    },
    changeChoices: (next: ChoiceValues) => {
      setChoices(next)
      previewWith(next, ambiguous)
    },
    commit: () => {
      const request = ++latest.current
      run.mutate(
        { input, choices, mode: 'commit' },
        {
          onSuccess: (answer) => {
            if (request !== latest.current) return
            if (isJob(answer)) return onJob(answer.id)
            if (answer.mode !== 'commit') return
            setPreview(null)
            setResult(answer)
            successToast(answer)
          },
          onError: (failure) => {
            if (request === latest.current) setError(failureMessage(failure))
          },
        },
      )
    },
    startOver: () => {
      latest.current++
      setInput((current) => ({ ...current, url: '', data: '', files: [] }))
      setChoices(NO_CHOICES)
      setPreview(null)
      setResult(null)
      setAmbiguous([])
      setError(null)
    },
  }
}
