import { useLocation, useSearch } from 'wouter'
import { useToast } from '#web/components/ui/use-toast.ts'
import { useCreateItem } from '#web/features/catalogue/index.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { FormPage } from '../components/form-page.tsx'
import { ItemForm } from '../components/item-form.tsx'
import {
  addItemButtonLabel,
  addItemTitle,
  emptyItemFormValues,
  ITEM_ADD_FAILED,
  ITEM_ADDED,
  itemTypeFromQuery,
} from '../item-form.ts'

/** /add-item (spec 02 §2): type=set or type=minifig in the query preselects the type. */
export function AddItemPage() {
  const search = useSearch()
  const queryType = itemTypeFromQuery(search)
  const title = addItemTitle(queryType)
  useDocumentTitle(title)
  const [, navigate] = useLocation()
  const { toast } = useToast()
  const { currency } = useCurrency()
  const create = useCreateItem()

  return (
    <FormPage
      title={title}
      description="Add a set or minifigure that is missing from the catalogue. Everyone will be able to find it."
    >
      <ItemForm
        // A new type in the query (e.g. Add Set, then Add Minifigure) starts a fresh form.
        key={queryType ?? 'any'}
        mode="create"
        label={title}
        defaultValues={emptyItemFormValues(queryType ?? 'set')}
        chooseType={!queryType}
        currency={currency}
        submitLabel={addItemButtonLabel(queryType)}
        pendingLabel="Adding..."
        pending={create.isPending}
        onCancel={() => navigate('/')}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: (item) => {
              toast({ ...ITEM_ADDED, variant: 'success' })
              navigate(item.slug ? `/item/${item.slug}` : '/sets')
            },
            onError: (error) =>
              toast({
                title: 'Error',
                description: serverMessage(error, ITEM_ADD_FAILED),
                variant: 'destructive',
              }),
          })
        }
      />
    </FormPage>
  )
}
