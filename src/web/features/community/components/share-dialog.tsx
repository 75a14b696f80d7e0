import { ImagePlus, X } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { CAPTION_MAX_LENGTH } from '#shared/contract/community.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { Field, inputClasses } from '#web/components/ui/form-field.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ItemSearchBox } from '#web/features/search/index.ts'
import { cn } from '#web/lib/cn.ts'
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts'
import { COMMUNITY_TEXTS, postFailureText, uploadFailureText } from '../community-texts.ts'
import { ShareError, useSharePost } from '../mutations.ts'
import { ACCEPT_ATTRIBUTE, hasCaption, imageRefusal, type LinkedItem, PHOTO_HINT } from '../share-form.ts'

const resolver = lazyZodResolver(async () => (await import('../form-schemas.ts')).shareFormSchema)

export interface ShareDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** 'Share Photo' (the feed, an item's page) or 'Share Creation' (the gallery). */
  title: string
  /** The item the photo shows to start with (an item's page links its own item). */
  item?: LinkedItem | null
}

/**
 * The Share Photo dialog (spec 02 §2, §4, §5): a photo (JPEG, PNG, WebP or AVIF) with a preview, a caption,
 * and the item it shows if any. The share button is disabled until there is a caption and then reads
 * 'Add caption to share'. After sharing, the caption and photo are cleared and the dialog closes.
 */
export function ShareDialog({ open, onOpenChange, title, item: initialItem = null }: ShareDialogProps) {
  const share = useSharePost()
  const fileInput = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | undefined>(undefined)
  const [item, setItem] = useState<LinkedItem | null>(initialItem)
  const preview = usePreviewUrl(file)
  const form = useForm<{ caption: string }, unknown, { caption: string }>({
    resolver,
    defaultValues: { caption: '' },
  })
  const caption = form.watch('caption')
  const captionId = useId()

  const choose = (chosen: File | undefined) => {
    if (!chosen) return
    const refused = imageRefusal(chosen)
    if (refused) {
      setFileError(refused)
      return
    }
    setFileError(undefined)
    setFile(chosen)
  }

  const reset = () => {
    form.reset({ caption: '' })
    setFile(null)
    setFileError(undefined)
    setItem(initialItem)
    if (fileInput.current) fileInput.current.value = ''
  }

  const submit = form.handleSubmit(
    ({ caption: checked }) => {
      if (!file) {
        setFileError(COMMUNITY_TEXTS.noPhoto)
        fileInput.current?.focus()
        return
      }
      share.mutate(
        { image: file, caption: checked, itemId: item?.id ?? null },
        {
          onSuccess: () => {
            toast({ ...COMMUNITY_TEXTS.shared, variant: 'success' })
            reset()
            onOpenChange(false)
          },
          onError: (error) =>
            toast({
              title: COMMUNITY_TEXTS.failureTitle,
              description:
                error instanceof ShareError && error.step === 'upload'
                  ? uploadFailureText(error.cause)
                  : postFailureText(error instanceof ShareError ? error.cause : error),
              variant: 'destructive',
            }),
        },
      )
    },
    () => toast({ ...COMMUNITY_TEXTS.missingCaption, variant: 'destructive' }),
  )

  // Ctrl+Enter (⌘+Enter) in the caption shares, as in most places one writes a post.
  const onCaptionKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      void submit()
    }
  }

  const ready = hasCaption(caption)
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} busy={share.isPending}>
      <form noValidate aria-label={title} onSubmit={submit} className="grid grid-cols-1 gap-5">
        <Field label="Photo" error={fileError} hint={PHOTO_HINT}>
          {({ id, describedBy, invalid }) => (
            <div>
              <input
                ref={fileInput}
                id={id}
                type="file"
                accept={ACCEPT_ATTRIBUTE}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                disabled={share.isPending}
                onChange={(event) => choose(event.target.files?.[0])}
                className="peer sr-only"
              />
              {preview ? (
                <div className="relative overflow-hidden rounded-xl border border-line bg-[#0e0e10]">
                  <img
                    src={preview}
                    alt={`Preview: ${file?.name ?? ''}`}
                    className="aspect-[4/3] w-full object-contain"
                  />
                  <label
                    htmlFor={id}
                    className={buttonClasses('secondary', 'sm', 'absolute right-2 bottom-2 cursor-pointer')}
                  >
                    <ImagePlus aria-hidden="true" />
                    Change photo
                  </label>
                </div>
              ) : (
                <label
                  htmlFor={id}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => {
                    event.preventDefault()
                    choose(event.dataTransfer.files[0])
                  }}
                  className="flex aspect-[4/3] w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-line-strong border-dashed bg-canvas px-4 text-center transition-colors hover:border-muted peer-focus-visible:border-brick-yellow peer-focus-visible:ring-2 peer-focus-visible:ring-brick-yellow/40"
                >
                  <ImagePlus aria-hidden="true" className="size-8 text-brick-yellow" />
                  <span className="font-semibold text-fg text-sm">Choose a photo</span>
                  <span className="text-muted text-xs">or drop it here</span>
                </label>
              )}
            </div>
          )}
        </Field>

        <div className="grid grid-cols-1 gap-1.5">
          <label htmlFor={captionId} className="font-medium text-fg text-sm">
            Caption
          </label>
          <textarea
            id={captionId}
            rows={3}
            maxLength={CAPTION_MAX_LENGTH}
            placeholder="What did you build, find or display?"
            onKeyDown={onCaptionKeyDown}
            disabled={share.isPending}
            className={cn(inputClasses, 'h-auto min-h-20 resize-y py-2.5 leading-relaxed')}
            {...form.register('caption')}
          />
          <p className="text-right text-subtle text-xs tabular" aria-hidden="true">
            {caption.length}/{CAPTION_MAX_LENGTH}
          </p>
        </div>

        <div className="grid grid-cols-1 gap-1.5">
          <p className="font-medium text-fg text-sm">
            Item
            <span className="ml-1.5 font-normal text-subtle text-xs">(optional)</span>
          </p>
          {item ? (
            <div className="flex items-center gap-3 rounded-xl border border-line bg-canvas p-2">
              <ItemImage item={item} alt="" fallback="icon" className="size-10" />
              <span className="min-w-0 flex-1 truncate font-medium text-sm">
                {item.number} - {item.name}
              </span>
              <button
                type="button"
                onClick={() => setItem(null)}
                disabled={share.isPending}
                aria-label={`Remove the link to ${item.number} - ${item.name}`}
                className="rounded-md p-1.5 text-muted transition-colors hover:bg-raised hover:text-fg"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          ) : (
            <ItemSearchBox
              label="Search for the set or minifigure in the photo"
              placeholder="Search sets and minifigures"
              onSelect={(result) => setItem(result)}
            />
          )}
        </div>

        <div className="flex flex-col-reverse gap-3 border-line border-t pt-5 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            disabled={share.isPending}
            className={buttonClasses('secondary', 'md')}
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={!ready || share.isPending}
            className={buttonClasses('primary', 'md')}
          >
            {share.isPending
              ? COMMUNITY_TEXTS.sharing
              : ready
                ? COMMUNITY_TEXTS.share
                : COMMUNITY_TEXTS.addCaption}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

/** An address the browser can show the chosen file at, released when the file changes or the dialog goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const created = URL.createObjectURL(file)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [file])
  return url
}
