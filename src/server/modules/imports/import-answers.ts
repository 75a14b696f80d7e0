import {
  type ImportChoices,
  type ImportJob,
  type ImportResult,
  importChoicesSchema,
  importPreviewSchema,
  importResultSchema,
} from '#shared/contract/imports.ts'
import { IMPORT_FORMAT_INFO } from '#shared/import-formats.ts'
import type { CurrencyCode } from '#shared/money.ts'
import type { CommitOutcome, ImportProgress } from './import.service.ts'
import type { ImportRecord } from './imports.repo.ts'

/** The share of a commit's progress bar its first read (checking) takes; writing is the rest. */
const CHECKING_SHARE = 0.2

export const reportUrl = (id: string) => `/api/imports/${id}/report.csv`

/** A recorded commit's answer (DESIGN §7), with its report's address. */
export function importResult(outcome: CommitOutcome & { importId: string }): ImportResult {
  return {
    mode: 'commit',
    importId: outcome.importId,
    format: outcome.format,
    formatLabel: outcome.formatLabel,
    target: outcome.target,
    imported: outcome.imported,
    updated: outcome.updated,
    unchanged: outcome.unchanged,
    skipped: outcome.skipped,
    removed: outcome.removed,
    errors: outcome.errors,
    errorsTotal: outcome.errorsTotal,
    reportUrl: reportUrl(outcome.importId),
  }
}

/**
 * What an import job keeps in `options` beside the choices: the permissions it was started with (the
 * catalogue needs them when it runs) and, while it runs, its phase and when that began.
 */
export interface JobOptions {
  choices: ImportChoices
  actor: { role: 'user' | 'admin'; isTrusted: boolean; currency: CurrencyCode }
  progress?: { phase: ImportProgress['phase']; since: string }
}

export function jobOptions(record: ImportRecord): JobOptions {
  const options = record.options as Partial<JobOptions>
  const choices = importChoicesSchema.safeParse(options.choices ?? {})
  return {
    choices: choices.success ? choices.data : {},
    actor: options.actor ?? { role: 'user', isTrusted: false, currency: 'GBP' },
    progress: options.progress,
  }
}

/** An import as the API answers it, with its progress worked out: percent, rows per second, time left. */
export function importJob(record: ImportRecord, now = Date.now()): ImportJob {
  const { progress } = jobOptions(record)
  const running = record.status === 'running'
  const phase = running ? (progress?.phase ?? 'checking') : null
  const fraction = record.fileSize > 0 ? Math.min(1, record.bytesDone / record.fileSize) : 0
  const percent =
    record.status === 'done'
      ? 100
      : !running
        ? 0
        : record.mode === 'preview'
          ? fraction * 100
          : phase === 'checking'
            ? fraction * CHECKING_SHARE * 100
            : (CHECKING_SHARE + fraction * (1 - CHECKING_SHARE)) * 100
  const phaseSeconds = progress && running ? (now - Date.parse(progress.since)) / 1000 : 0
  const seconds = record.startedAt && running ? (now - Date.parse(record.startedAt)) / 1000 : 0
  return {
    id: record.id,
    status: record.status,
    mode: record.mode,
    target: record.target,
    format: record.format,
    formatLabel: record.format ? IMPORT_FORMAT_INFO[record.format].label : null,
    fileName: record.fileName,
    fileSize: record.fileSize,
    bytesDone: record.bytesDone,
    rowsDone: record.rowsDone,
    percent: Math.round(percent * 10) / 10,
    phase,
    rowsPerSecond: phaseSeconds > 0 ? Math.round(record.rowsDone / phaseSeconds) : null,
    secondsLeft: percent > 0 && seconds > 0 ? Math.round((seconds * (100 - percent)) / percent) : null,
    createdAt: record.createdAt,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    error: record.error,
    result: resultOf(record),
  }
}

/** The stored preview or commit answer, when it still matches the contract. */
function resultOf(record: ImportRecord): ImportJob['result'] {
  if (!record.result) return null
  const parsed = (record.mode === 'preview' ? importPreviewSchema : importResultSchema).safeParse(
    record.result,
  )
  return parsed.success ? parsed.data : null
}
