import { LoaderCircle } from 'lucide-react'
import { useId } from 'react'
import type { ImportPreview } from '#shared/contract/imports.ts'
import { DATE_ORDERS, GRADES, type ImportTarget } from '#shared/contract/values.ts'
import { IMPORT_FORMAT_INFO } from '#shared/import-formats.ts'
import { CURRENCIES } from '#shared/money.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { formatCount } from '#web/lib/format.ts'
import { GRADE_LABELS } from '#web/lib/labels.ts'
import type { ChoiceValues } from '../import-request.ts'
import { DATE_ORDER_LABELS, IMPORT_TEXTS, TARGET_LABELS } from '../import-texts.ts'
import { AmbiguousChoices, type AmbiguousNumber } from './ambiguous-choices.tsx'
import { ImportCounts } from './import-counts.tsx'
import { ImportSample } from './import-sample.tsx'
import { IssueList, issueRow } from './issue-list.tsx'

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency.code,
  label: `${currency.code} · ${currency.name}`,
}))

interface PreviewPanelProps {
  preview: ImportPreview
  choices: ChoiceValues
  onChoicesChange: (choices: ChoiceValues) => void
  /** Where this user may send this file's rows. */
  targets: readonly ImportTarget[]
  ambiguous: AmbiguousNumber[]
  onCommit: () => void
  committing: boolean
  /** The counts are being worked out again for the choices just made. */
  updating: boolean
}

/** The choices the preview asked for that are still open, by their names in the sentence that asks. */
export function openQuestions(preview: ImportPreview, choices: ChoiceValues): string[] {
  return [
    preview.needs.currency && !choices.currency && 'the currency of the prices',
    preview.needs.dateOrder && !choices.dateOrder && 'how dates are written',
    preview.needs.conditionWhenUnknown && !choices.conditionWhenUnknown && 'whether copies are new or used',
  ].filter((question): question is string => Boolean(question))
}

/**
 * What a file would do, before anything is written (issue 12): the format recognised, where it goes, the
 * questions it needs answered, the numbers to choose between, the counts, the first rows and every row
 * that would not be imported, each with its line.
 */
export function PreviewPanel({
  preview,
  choices,
  onChoicesChange,
  targets,
  ambiguous,
  onCommit,
  committing,
  updating,
}: PreviewPanelProps) {
  const currencyId = useId()
  const set = (patch: Partial<ChoiceValues>) => onChoicesChange({ ...choices, ...patch })
  const { counts } = preview
  const notImported = counts.skipped + counts.unknown + counts.ambiguous + counts.rejected
  const writes = counts.new + counts.update
  const open = openQuestions(preview, choices)
  const asksCurrency = preview.needs.currency || IMPORT_FORMAT_INFO[preview.format].needsCurrency
  const busy = committing || updating
  const blocked =
    open.length > 0
      ? `Choose ${open.join(' and ')} to continue.`
      : writes + counts.remove === 0
        ? counts.unchanged > 0
          ? 'Everything in this file is already imported: there is nothing new.'
          : 'Nothing in this file can be imported as it stands.'
        : null

  return (
    <Card as="section" aria-labelledby="import-preview-heading" className="grid gap-6 p-5 sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="import-preview-heading" className="font-bold text-lg">
            {preview.formatLabel}
          </h2>
          <p className="text-muted text-sm">
            {formatCount(preview.rows)} {preview.rows === 1 ? 'row' : 'rows'} read
            {preview.currencies.length > 0 ? ` · prices in ${preview.currencies.join(', ')}` : ''}. Nothing
            has been written yet.
          </p>
        </div>
        {updating ? (
          <span role="status" className="flex items-center gap-1.5 text-muted text-sm">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Updating…
          </span>
        ) : null}
      </header>

      <div className="grid gap-5">
        {targets.length > 1 ? (
          <ChoiceGroup
            legend={IMPORT_TEXTS.target}
            name="import-target"
            value={choices.target ?? preview.target}
            onChange={(target) => set({ target })}
            options={targets.map((target) => ({ value: target, ...TARGET_LABELS[target] }))}
            disabled={busy}
          />
        ) : (
          <p className="text-sm">
            <span className="text-muted">{IMPORT_TEXTS.target}: </span>
            <span className="font-semibold">{TARGET_LABELS[preview.target].label}</span>
          </p>
        )}
        {asksCurrency ? (
          <div className="grid gap-1.5 sm:max-w-xs">
            <label htmlFor={currencyId} className="font-medium text-sm">
              {IMPORT_TEXTS.currency}
            </label>
            <Select
              id={currencyId}
              value={choices.currency}
              placeholder="Choose a currency"
              onValueChange={(currency) => set({ currency: currency as ChoiceValues['currency'] })}
              options={CURRENCY_OPTIONS}
              invalid={preview.needs.currency && !choices.currency}
              disabled={busy}
            />
            <p className="text-subtle text-xs">{IMPORT_TEXTS.currencyHint}</p>
          </div>
        ) : null}
        {preview.needs.dateOrder || choices.dateOrder ? (
          <ChoiceGroup
            legend={IMPORT_TEXTS.dateOrder}
            name="import-date-order"
            value={choices.dateOrder}
            onChange={(dateOrder) => set({ dateOrder })}
            options={DATE_ORDERS.map((order) => ({ value: order, label: DATE_ORDER_LABELS[order] }))}
            disabled={busy}
          />
        ) : null}
        {preview.needs.conditionWhenUnknown || choices.conditionWhenUnknown ? (
          <ChoiceGroup
            legend={IMPORT_TEXTS.conditionWhenUnknown}
            name="import-condition"
            value={choices.conditionWhenUnknown}
            onChange={(conditionWhenUnknown) => set({ conditionWhenUnknown })}
            options={GRADES.map((grade) => ({ value: grade, label: GRADE_LABELS[grade] }))}
            disabled={busy}
          />
        ) : null}
        {preview.target !== 'catalogue' ? (
          <label className="flex items-start gap-2.5 text-sm">
            <input
              type="checkbox"
              checked={choices.replace ?? false}
              disabled={busy}
              onChange={(event) => set({ replace: event.target.checked })}
              className="mt-0.5 size-4 shrink-0 accent-brick-yellow"
            />
            <span>
              {IMPORT_TEXTS.replace}
              <span className="block text-subtle text-xs">{IMPORT_TEXTS.replaceHint}</span>
            </span>
          </label>
        ) : null}
      </div>

      <AmbiguousChoices
        numbers={ambiguous}
        chosen={choices.resolutions}
        disabled={busy}
        onChoose={(number, itemId) => {
          const { [number]: _dropped, ...others } = choices.resolutions
          set({ resolutions: itemId === null ? others : { ...others, [number]: itemId } })
        }}
      />

      <ImportCounts
        label="What this file would do"
        tiles={[
          { label: 'New', count: counts.new },
          { label: 'Updated', count: counts.update },
          { label: 'Unchanged', count: counts.unchanged },
          { label: 'Not imported', count: notImported, warn: true },
          ...(choices.replace ? [{ label: 'Removed', count: counts.remove, warn: true }] : []),
        ]}
      />
      <ImportSample sample={preview.sample} chosenCurrency={choices.currency} />
      <IssueList
        title="Rows that would not be imported"
        rows={preview.issues.map(issueRow)}
        total={preview.issuesTotal}
      />

      <div className="flex flex-col gap-3 border-line border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
        {blocked ? (
          <p role="status" className="text-muted text-sm sm:mr-auto">
            {blocked}
          </p>
        ) : null}
        <button
          type="button"
          onClick={onCommit}
          disabled={busy || blocked !== null}
          className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
        >
          {committing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {committing ? IMPORT_TEXTS.committing : IMPORT_TEXTS.commit(writes)}
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {updating ? '' : `${formatCount(writes)} rows to import, ${formatCount(notImported)} not imported.`}
      </p>
    </Card>
  )
}
