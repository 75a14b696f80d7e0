import { AlertTriangle, LogIn, ReceiptText, RotateCw } from 'lucide-react'
import { useState } from 'react'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import type { Sale } from '#shared/contract/market.ts'
import { canDeleteSale, canVerifySale } from '#shared/permissions.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { serverMessage } from '#web/lib/api.ts'
import { navigateToLogin } from '#web/lib/auth/auth-queries.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDeleteSale, useVerifySale } from '../market-mutations.ts'
import { salesRecordedText } from '../market-texts.ts'
import { useSales } from '../use-sales.ts'
import { RecordSaleButton } from './record-sale-button.tsx'
import { SaleListItem } from './sale-list-item.tsx'
import { SalesSkeleton } from './sales-skeleton.tsx'

export const DELETE_SALE_TEXTS = {
  title: 'Delete Sale Record',
  success: 'Sale deleted successfully',
  failure: 'Failed to delete sale',
} as const
export const VERIFY_SALE_TEXTS = {
  success: 'Sale verified',
  successDescription: 'It counts toward the fair price now.',
  failure: 'Failed to verify sale',
} as const

export const SALES_LOAD_FAILED = 'Unable to load sales data'
export const NO_SALES_TEXT = 'No sales data available for this item yet.'

/** The error's text as the box shows it: the server's own words when it sent some, else the raw text. */
export function salesErrorText(error: unknown): string {
  return serverMessage(error, error instanceof Error ? error.message : String(error))
}

/**
 * The Sales History tab (spec 02 §2): how many sales are recorded, then the sales, newest first, with
 * 'Load more' for long histories. Trusted members and admins verify pending sales and delete any.
 */
export function SalesHistoryTab({ item }: { item: ItemDetail }) {
  const { status, user } = useSession()
  const viewer = status === 'ready' ? user : null
  const sales = useSales(item.id)
  const pages = sales.data?.pages ?? []
  const total = pages.at(-1)?.total ?? 0
  const rows = pages.flatMap((page) => page.sales)
  const { toast } = useToast()
  // The mutations live here, not in the rows: a deleted sale's row is gone before its toast is due.
  const verify = useVerifySale(item.id)
  const remove = useDeleteSale(item.id)
  const [doomed, setDoomed] = useState<{ sale: Sale; label: string } | null>(null)

  const onVerify = (sale: Sale) =>
    verify.mutate(sale.id, {
      onSuccess: () =>
        toast({
          title: VERIFY_SALE_TEXTS.success,
          description: VERIFY_SALE_TEXTS.successDescription,
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: VERIFY_SALE_TEXTS.failure,
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    })

  const onConfirmDelete = () => {
    if (!doomed) return
    remove.mutate(doomed.sale.id, {
      onSuccess: () => {
        setDoomed(null)
        toast({ title: DELETE_SALE_TEXTS.success, variant: 'success' })
      },
      onError: (error) => {
        setDoomed(null)
        // The server's reason when it gave one (spec 02 §8: 'message or Failed to delete sale').
        const message = serverMessage(error, '')
        toast({ title: DELETE_SALE_TEXTS.failure, description: message || undefined, variant: 'destructive' })
      },
    })
  }

  return (
    <section aria-labelledby="sales-history-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="sales-history-heading" className="font-semibold text-fg">
            Sales History
          </h2>
          <p className="text-muted text-sm tabular" aria-live="polite">
            {sales.isSuccess ? salesRecordedText(total) : sales.isPending ? 'Loading sales…' : null}
          </p>
        </div>
        <RecordSaleButton item={item} variant="primary" />
      </div>

      {sales.isPending ? (
        <SalesSkeleton />
      ) : sales.isError ? (
        <SalesError error={sales.error} onRetry={() => void sales.refetch()} />
      ) : rows.length === 0 ? (
        <Card variant="dashed" className="flex flex-col items-center px-6 py-12 text-center">
          <ReceiptText aria-hidden="true" className="size-6 text-subtle" />
          <p className="mt-3 text-muted">{NO_SALES_TEXT}</p>
        </Card>
      ) : (
        <>
          <Card as="ul" aria-label="Sales" className="divide-y divide-line">
            {rows.map((sale) => (
              <SaleListItem
                key={sale.id}
                sale={sale}
                canVerify={canVerifySale(viewer)}
                canDelete={canDeleteSale(viewer)}
                verifying={verify.isPending && verify.variables === sale.id}
                onVerify={onVerify}
                onDelete={(sale, label) => setDoomed({ sale, label })}
              />
            ))}
          </Card>
          {sales.hasNextPage || rows.length < total ? (
            <div className="flex flex-col items-center gap-2">
              <p className="text-muted text-sm tabular">
                Showing {rows.length} of {total}
              </p>
              {sales.hasNextPage ? (
                <button
                  type="button"
                  onClick={() => void sales.fetchNextPage()}
                  disabled={sales.isFetchingNextPage}
                  className={buttonClasses('secondary', 'md')}
                >
                  {sales.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </button>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      {canDeleteSale(viewer) ? (
        <ConfirmDialog
          open={doomed !== null}
          onOpenChange={(open) => {
            if (!open) setDoomed(null)
          }}
          title={DELETE_SALE_TEXTS.title}
          description={`Are you sure you want to delete ${doomed?.label ?? 'this sale'}? This action cannot be undone.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={onConfirmDelete}
        />
      ) : null}
    </section>
  )
}

function SalesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const text = salesErrorText(error)
  const needsLogin = /Authentication/i.test(text)
  return (
    <div role="alert" className="rounded-2xl border border-brick-red/60 bg-[#1d0b0c] p-5 text-sm">
      <p className="flex items-center gap-2 font-semibold text-[#ffb3b4]">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {SALES_LOAD_FAILED}
      </p>
      <p className="mt-1 break-words text-[#ffb3b4]/90">{text}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {needsLogin ? (
          <button type="button" onClick={() => navigateToLogin()} className={buttonClasses('primary', 'sm')}>
            <LogIn aria-hidden="true" />
            Refresh &amp; Login
          </button>
        ) : null}
        <button type="button" onClick={onRetry} className={buttonClasses('secondary', 'sm')}>
          <RotateCw aria-hidden="true" />
          Try again
        </button>
      </div>
    </div>
  )
}
