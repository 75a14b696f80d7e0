import { Plus } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { type ButtonVariant, buttonClasses } from '#web/components/ui/button.ts'
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
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  if (status !== 'ready') return null
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
        className={buttonClasses(variant, 'md', className)}
      >
        <Plus aria-hidden="true" />
        Record a sale
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <RecordSaleDialog item={item} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  )
}
