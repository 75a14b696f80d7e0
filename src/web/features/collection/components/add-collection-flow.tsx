import { useState } from 'react'
import { Dialog } from '#web/components/ui/dialog.tsx'
import type { EntryFormValues } from '../collection-form.ts'
import { AddFlowCreate } from './add-flow-create.tsx'
import { AddFlowDetails, type PickedItem } from './add-flow-details.tsx'
import { AddFlowSearch } from './add-flow-search.tsx'

export interface AddCollectionFlowProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * Add to Collection, variant B (spec 01 §2, §4), opened from My Collection and Home: search, then the
 * details of the picked item; or, when the catalogue lacks it, create it and add it in one go. The
 * back arrow returns to the search; closing resets everything (a fresh dialog each time it opens).
 */
export function AddCollectionFlow({ open, onOpenChange }: AddCollectionFlowProps) {
  const [session, setSession] = useState(0)
  return (
    <FlowDialog
      key={session}
      open={open}
      onOpenChange={(next) => {
        if (!next) setSession((current) => current + 1)
        onOpenChange(next)
      }}
    />
  )
}

type Mode =
  | { name: 'search' }
  | { name: 'details'; item: PickedItem; values?: EntryFormValues }
  | { name: 'create' }

const TITLES: Record<Mode['name'], { title: string; description: string }> = {
  search: { title: 'Add to your collection', description: 'Find a set or minifigure in the catalogue.' },
  details: { title: 'Add to your collection', description: 'Its condition, how many, and what you paid.' },
  create: {
    title: 'Add new item',
    description: 'Not in the catalogue yet? Add it, and it goes into your collection too.',
  },
}

function FlowDialog({ open, onOpenChange }: AddCollectionFlowProps) {
  const [mode, setMode] = useState<Mode>({ name: 'search' })
  const [query, setQuery] = useState('')
  const [pending, setPending] = useState(false)
  const close = () => onOpenChange(false)
  const { title, description } = TITLES[mode.name]

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
      title={title}
      description={description}
      size={mode.name === 'create' ? 'lg' : 'md'}
      onBack={mode.name === 'search' ? undefined : () => setMode({ name: 'search' })}
      backLabel="Back to search"
    >
      {mode.name === 'search' ? (
        <AddFlowSearch
          query={query}
          onQueryChange={setQuery}
          onPick={(item) => setMode({ name: 'details', item })}
          onCreate={() => setMode({ name: 'create' })}
        />
      ) : null}
      {mode.name === 'details' ? (
        <AddFlowDetails
          key={mode.item.id}
          item={mode.item}
          initialValues={mode.values}
          onAdded={close}
          onCancel={close}
          onPendingChange={setPending}
        />
      ) : null}
      {mode.name === 'create' ? (
        <AddFlowCreate
          query={query}
          onCreated={close}
          onCreatedNotAdded={(item, values) => setMode({ name: 'details', item, values })}
          onCancel={close}
          onPendingChange={setPending}
        />
      ) : null}
    </Dialog>
  )
}
