import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query'
import type { ItemWriteBody } from '#shared/contract/catalogue.ts'
import type { ReviewedPost } from '#shared/contract/community.ts'
import type { Sale } from '#shared/contract/market.ts'
import type { ApprovedItemRequest, ItemRequest, Member, Members } from '#shared/contract/moderation.ts'
import { invalidateCatalogue } from '#web/features/catalogue/index.ts'
import { invalidatePosts } from '#web/features/community/index.ts'
import { apiRequest } from '#web/lib/api.ts'
import { invalidateMarket } from '#web/lib/item-market.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'
import { ITEM_REQUESTS_PATH, MEMBERS_PATH, PENDING_SALES_PATH, REVIEW_POSTS_PATH } from './queries.ts'

const refresh = (queryClient: QueryClient, path: string) =>
  queryClient.invalidateQueries({ queryKey: [path] })

/** After a sale is reviewed: the queue, and the item's sales and prices wherever they show. */
function afterSaleReview(queryClient: QueryClient, sale: Sale) {
  return Promise.all([refresh(queryClient, PENDING_SALES_PATH), invalidateMarket(queryClient, sale.itemId)])
}

/** POST /api/sales/{id}/verify: the sale counts toward its item's fair price from now on. */
export function useVerifySale() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (saleId: number) => apiRequest<Sale>('POST', `/api/sales/${saleId}/verify`),
    onSuccess: (sale) => afterSaleReview(queryClient, sale),
  })
}

/** POST /api/sales/{id}/reject `{ reason }`: the submitter sees the reason with their sale. */
export function useRejectSale() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<Sale>('POST', `/api/sales/${id}/reject`, { body: { reason } }),
    onSuccess: (sale) => afterSaleReview(queryClient, sale),
  })
}

/** POST /api/item-requests/{id}/approve: the item is added to the catalogue. */
export function useApproveItemRequest() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number; body: ItemWriteBody }) =>
      apiRequest<ApprovedItemRequest>('POST', `/api/item-requests/${id}/approve`, { body }),
    onSuccess: () =>
      Promise.all([refresh(queryClient, ITEM_REQUESTS_PATH), invalidateCatalogue(queryClient)]),
  })
}

/** POST /api/item-requests/{id}/reject `{ reason }`. */
export function useRejectItemRequest() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<ItemRequest>('POST', `/api/item-requests/${id}/reject`, { body: { reason } }),
    onSuccess: () => refresh(queryClient, ITEM_REQUESTS_PATH),
  })
}

/**
 * PATCH /api/admin/users/{id} `{ isTrusted }` (admins). The member's row changes where it is: the list is
 * not fetched again, so it does not reorder under the admin's pointer or focus.
 */
export function useSetTrusted() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: ({ id, isTrusted }: { id: string; isTrusted: boolean }) =>
      apiRequest<Member>('PATCH', `/api/admin/users/${id}`, { body: { isTrusted } }),
    onSuccess: (member) => {
      queryClient.setQueriesData<InfiniteData<Members>>({ queryKey: [MEMBERS_PATH] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                users: page.users.map((user) => (user.id === member.id ? member : user)),
              })),
            }
          : data,
      )
    },
  })
}

/**
 * POST /api/posts/{id}/hide or /restore: hidden, a post vanishes from every feed but its author's; either
 * way its open reports are settled. Both review lists and every feed are asked for again.
 */
export function useModeratePost() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: ({ id, hide }: { id: number; hide: boolean }) =>
      apiRequest<ReviewedPost>('POST', `/api/posts/${id}/${hide ? 'hide' : 'restore'}`),
    onSuccess: () => Promise.all([refresh(queryClient, REVIEW_POSTS_PATH), invalidatePosts(queryClient)]),
  })
}
