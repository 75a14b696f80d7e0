import { useMemo } from 'react'
import type { ItemType } from '#shared/contract/values.ts'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { useConditions } from '../queries.ts'

/**
 * The `conditionId` select of a dialog about one item: the conditions of its type, loaded while the dialog is
 * open. When they cannot be loaded the select is disabled and says why under it.
 */
export function ConditionField({ itemType, open }: { itemType: ItemType; open: boolean }) {
  const conditions = useConditions(itemType, open)
  const options = useMemo(
    () =>
      (conditions.data ?? []).map((condition) => ({
        value: String(condition.id),
        label: condition.label,
        description: condition.description ?? undefined,
      })),
    [conditions.data],
  )
  return (
    <SelectField
      name="conditionId"
      label="Condition"
      placeholder={conditions.isPending ? 'Loading…' : 'Choose a condition'}
      options={options}
      disabled={conditions.isError}
      note={
        conditions.isError ? (
          <span role="alert" className="text-[#ff8a8c] text-sm">
            The conditions could not be loaded. Close the dialog and try again.
          </span>
        ) : undefined
      }
    />
  )
}
