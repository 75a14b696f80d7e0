import { Plus } from 'lucide-react'
import { lazy } from 'react'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import type { ButtonVariant } from '#web/components/ui/button.ts'
import { DialogButton } from '#web/components/ui/dialog-button.tsx'
import { useSession } from '#web/lib/auth/use-session.tsx'

// The dialog brings the form library and the contract's schemas (zod): loaded when first wanted.
const loadDialog = () => import('./record-sale-dialog.tsx')
const RecordSaleDialog = lazy(() => loadDialog().then((module) => ({ default: module.RecordSaleDialog })))
const preload = () => {
  void loadDialog()
}

/** 'Record a sale' and its dialog, for signed-in users with access only (DESIGN §4). */
export function RecordSaleButton({
  item,
  variant = 'secondary',
  className,
}: {
  item: ItemDetail
  variant?: ButtonVariant
  className?: string
}) {
  const { status } = useSession()
  if (status !== 'ready') return null
  return (
    <DialogButton
      label="Record a sale"
      icon={Plus}
      variant={variant}
      className={className}
      preload={preload}
      dialog={(state) => <RecordSaleDialog item={item} {...state} />}
    />
  )
}
