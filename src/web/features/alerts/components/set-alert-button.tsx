import { Bell } from 'lucide-react'
import { lazy } from 'react'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { DialogButton } from '#web/components/ui/dialog-button.tsx'
import { ALERT_TEXTS } from '../alert-texts.ts'

// The dialog brings the form library and the contract's schemas (zod): loaded when first wanted.
const loadDialog = () => import('./set-alert-dialog.tsx')
const SetAlertDialog = lazy(() => loadDialog().then((module) => ({ default: module.SetAlertDialog })))
const preload = () => {
  void loadDialog()
}

/** 'Set Alert' on the item page (spec 02 §1) and its dialog, for signed-in users. */
export function SetAlertButton({ item }: { item: Pick<ItemDetail, 'id' | 'type' | 'number' | 'name'> }) {
  return (
    <DialogButton
      label={ALERT_TEXTS.setAlert}
      icon={Bell}
      preload={preload}
      dialog={(state) => <SetAlertDialog item={item} {...state} />}
    />
  )
}
