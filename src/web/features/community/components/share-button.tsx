import { ImagePlus } from 'lucide-react'
import { lazy } from 'react'
import { DialogButton } from '#web/components/ui/dialog-button.tsx'
import type { LinkedItem } from '../share-form.ts'

const loadShareDialog = () => import('./share-dialog.tsx')
const ShareDialog = lazy(() => loadShareDialog().then((module) => ({ default: module.ShareDialog })))
/** Loads the dialog's code ahead of a click (pointed at, or focused), so it opens at once. */
const preload = () => {
  void loadShareDialog()
}

interface ShareButtonProps {
  /** 'Share Photo' or 'Share Creation': the button's text and the dialog's title. */
  label: string
  /** The item the photo shows to start with (an item's page). */
  item?: LinkedItem | null
  variant?: 'primary' | 'secondary'
}

/**
 * The button that opens the Share Photo dialog. The dialog (its form, the item search, the upload) loads the
 * first time it is wanted, and then stays mounted, so a draft survives closing it by mistake.
 */
export function ShareButton({ label, item, variant = 'primary' }: ShareButtonProps) {
  return (
    <DialogButton
      label={label}
      icon={ImagePlus}
      variant={variant}
      preload={preload}
      dialog={(state) => <ShareDialog {...state} title={label} item={item} />}
    />
  )
}
