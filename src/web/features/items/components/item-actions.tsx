import { Pencil, Plus, Share2, Trash2 } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { User } from '#shared/contract/auth.ts'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { canDeleteItem, canEditItem } from '#shared/permissions.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { useToast } from '#web/components/ui/use-toast.ts'
import { SetAlertButton } from '#web/features/alerts/index.ts'
import { AddToCollectionDialog } from '#web/features/collection/index.ts'
import { shareLink } from '../share.ts'

// Only trusted members and admins ever see it: its code loads the first time it is wanted.
const DeleteItemDialog = lazy(() =>
  import('./delete-item-dialog.tsx').then((module) => ({ default: module.DeleteItemDialog })),
)

/**
 * The item's actions. Signed-out visitors can only share; signed-in users also get Add to Collection
 * (variant A) and Set Alert; Edit and Delete follow DESIGN §4's permissions.
 */
export function ItemActions({ item, user }: { item: ItemDetail; user: User | null }) {
  const { toast } = useToast()
  const [, navigate] = useLocation()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [deleteWanted, setDeleteWanted] = useState(false)
  const [adding, setAdding] = useState(false)

  const share = async () => {
    const url = `${window.location.origin}/item/${item.slug}`
    const outcome = await shareLink({ title: `${item.number} - ${item.name}`, url })
    if (outcome === 'copied') toast({ title: 'Link copied', description: url, variant: 'success' })
    if (outcome === 'failed')
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' })
  }

  return (
    <div className="flex flex-wrap gap-2">
      {user ? (
        <>
          <button type="button" onClick={() => setAdding(true)} className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" />
            Add to Collection
          </button>
          <AddToCollectionDialog item={item} open={adding} onOpenChange={setAdding} />
          <SetAlertButton item={item} />
        </>
      ) : null}
      <button type="button" onClick={() => void share()} className={buttonClasses('secondary', 'md')}>
        <Share2 aria-hidden="true" />
        Share
      </button>
      {canEditItem(user, item) ? (
        <Link href={`/item/${item.slug}/edit`} className={buttonClasses('secondary', 'md')}>
          <Pencil aria-hidden="true" />
          Edit Item
        </Link>
      ) : null}
      {canDeleteItem(user) ? (
        <>
          <button
            type="button"
            onClick={() => {
              setDeleteWanted(true)
              setConfirmDelete(true)
            }}
            className={buttonClasses('danger-outline', 'md')}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </button>
          {deleteWanted ? (
            <Suspense fallback={null}>
              <DeleteItemDialog
                item={item}
                open={confirmDelete}
                onOpenChange={setConfirmDelete}
                onDeleted={() => navigate(item.type === 'set' ? '/sets' : '/minifigures')}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
