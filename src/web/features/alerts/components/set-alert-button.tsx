import { Bell } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { ALERT_TEXTS } from '../alert-texts.ts'

// The dialog brings the form library and the contract's schemas (zod): loaded when first wanted.
const loadDialog = () => import('./set-alert-dialog.tsx')
const SetAlertDialog = lazy(() => loadDialog().then((module) => ({ default: module.SetAlertDialog })))
const preload = () => {
  void loadDialog()
}

/** 'Set Alert' on the item page (spec 02 §1) and its dialog, for signed-in users. */
export function SetAlertButton({ item }: { item: Pick<ItemDetail, 'id' | 'type' | 'number' | 'name'> }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  return (
    <>
      <button
        type="button"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
        className={buttonClasses('secondary', 'md')}
      >
        <Bell aria-hidden="true" />
        {ALERT_TEXTS.setAlert}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SetAlertDialog item={item} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  )
}
