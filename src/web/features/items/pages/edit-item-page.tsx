import { ArrowLeft, Lock, SearchX } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { canEditItem } from '#shared/permissions.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { useItemDetail, useUpdateItem } from '#web/features/catalogue/index.ts'
import { ApiError, serverMessage } from '#web/lib/api.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { FormPage } from '../components/form-page.tsx'
import { ItemForm } from '../components/item-form.tsx'
import { ITEM_UPDATE_FAILED, ITEM_UPDATED, itemFormValues } from '../item-form.ts'

/** /item/{slug}/edit (spec 02 §2): the add form, filled in, for those who may edit the item. */
export function EditItemPage({ params }: { params: { slug?: string } }) {
  const slug = params.slug ?? ''
  const detail = useItemDetail(slug)
  const { user } = useSession()
  const notFound = detail.error instanceof ApiError && detail.error.status === 404
  useDocumentTitle(detail.data ? `Edit ${detail.data.name}` : notFound ? 'Item not found' : 'Edit Item')

  if (notFound) {
    return (
      <section className="page-width flex flex-1 flex-col items-center justify-center py-20 text-center">
        <SearchX aria-hidden="true" className="size-8 text-brick-yellow" />
        <h1 className="mt-4 font-extrabold text-3xl tracking-tight">Item not found</h1>
        <p className="mt-2 text-muted">There is nothing to edit at this address.</p>
        <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Go Home
        </Link>
      </section>
    )
  }
  if (!detail.data) {
    if (detail.isError) {
      return (
        <FormPage title="Edit Item" above={<BackToItem slug={slug} />}>
          <p role="alert" className="text-muted">
            Unable to load this item.{' '}
            <button
              type="button"
              className="text-brick-blue-bright underline"
              onClick={() => void detail.refetch()}
            >
              Try again
            </button>
          </p>
        </FormPage>
      )
    }
    return <EditSkeleton slug={slug} />
  }
  const item = detail.data
  if (!canEditItem(user, item)) {
    return (
      <FormPage title="Edit Item" above={<BackToItem slug={slug} />}>
        <div role="alert" className="flex items-start gap-3">
          <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brick-yellow" />
          <div>
            <p className="font-semibold">You can't edit this item</p>
            <p className="mt-1 text-muted text-sm">
              Only the person who added {item.number} - {item.name}, trusted members and admins can edit it.
            </p>
          </div>
        </div>
      </FormPage>
    )
  }
  return <EditForm item={item} />
}

function EditForm({ item }: { item: ItemDetail }) {
  const [, navigate] = useLocation()
  const { toast } = useToast()
  const { currency, rates } = useCurrency()
  // The form shows the price in the currency of the moment it opened, and sends it in that currency.
  const [opened] = useState(() => ({ currency, values: itemFormValues(item, currency, rates) }))
  const update = useUpdateItem(item.id, item.slug)
  const backHref = `/item/${item.slug}`
  return (
    <FormPage
      title="Edit Item"
      description={`${item.number} - ${item.name}`}
      above={<BackToItem slug={item.slug} />}
    >
      <ItemForm
        mode="edit"
        label="Edit item"
        defaultValues={opened.values}
        chooseType={false}
        currency={opened.currency}
        submitLabel="Update Item"
        pendingLabel="Updating..."
        pending={update.isPending}
        onCancel={() => navigate(backHref)}
        onSubmit={(body) =>
          update.mutate(body, {
            onSuccess: (updated) => {
              toast({ ...ITEM_UPDATED, variant: 'success' })
              navigate(`/item/${updated.slug}`)
            },
            onError: (error) =>
              toast({
                title: 'Error',
                description: serverMessage(error, ITEM_UPDATE_FAILED),
                variant: 'destructive',
              }),
          })
        }
      />
    </FormPage>
  )
}

function BackToItem({ slug }: { slug: string }) {
  return (
    <Link
      href={`/item/${slug}`}
      className="mb-4 inline-flex items-center gap-1.5 font-medium text-muted text-sm hover:text-fg"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Item
    </Link>
  )
}

function EditSkeleton({ slug }: { slug: string }) {
  return (
    <FormPage title="Edit Item" above={<BackToItem slug={slug} />}>
      <p className="sr-only" role="status">
        Loading item…
      </p>
      <div className="grid gap-5" data-testid="edit-skeleton">
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="grid gap-1.5">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-11 w-full" />
          </div>
        ))}
        <Skeleton className="ml-auto h-10 w-32" />
      </div>
    </FormPage>
  )
}
