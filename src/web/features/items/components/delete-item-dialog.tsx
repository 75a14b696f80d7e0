import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { useDeleteItem } from '#web/features/catalogue/index.ts'
import { serverMessage } from '#web/lib/api.ts'

export const DELETE_TEXTS = {
  set: {
    title: 'Delete Set',
    success: 'Set deleted successfully',
    failure: 'Failed to delete set',
  },
  minifig: {
    title: 'Delete Minifigure',
    success: 'Minifigure deleted successfully',
    failure: 'Failed to delete minifigure',
  },
} as const

export function deleteConfirmText(name: string): string {
  return `Are you sure you want to delete "${name}"? This action cannot be undone.`
}

interface DeleteItemDialogProps {
  item: ItemDetail
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Leaves the page of the deleted item. */
  onDeleted: () => void
}

/** Confirms and deletes an item (spec 02 §2, §8); the server's reason shows when it refuses. */
export function DeleteItemDialog({ item, open, onOpenChange, onDeleted }: DeleteItemDialogProps) {
  const { toast } = useToast()
  const texts = DELETE_TEXTS[item.type]
  const remove = useDeleteItem(item, () => {
    onOpenChange(false)
    toast({ title: texts.success, variant: 'success' })
    onDeleted()
  })
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={texts.title}
      description={deleteConfirmText(item.name)}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(undefined, {
          onError: (error) => {
            onOpenChange(false)
            toast({
              title: texts.failure,
              description: serverMessage(error, 'Please try again.'),
              variant: 'destructive',
            })
          },
        })
      }
    />
  )
}
