import { useInfiniteQuery } from '@tanstack/react-query'
import { LoaderCircle, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { COMMENT_MAX_LENGTH, type Comment, type CreateCommentBody } from '#shared/contract/community.ts'
import { canDeleteComment } from '#shared/permissions.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { inputClasses } from '#web/components/ui/form-field.tsx'
import { ListError } from '#web/components/ui/list-states.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { cn } from '#web/lib/cn.ts'
import { exactTime, relativeTime } from '#web/lib/format.ts'
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts'
import { authorName, COMMUNITY_TEXTS } from '../community-texts.ts'
import { useAddComment, useDeleteComment } from '../mutations.ts'
import { commentQueries } from '../queries.ts'

const resolver = lazyZodResolver(() =>
  import('#shared/contract/community.ts').then((module) => module.createCommentBodySchema),
)

/**
 * A post's comments, oldest first, and a box to add one; one's own comments (a moderator: any) can be
 * deleted. Loaded the first time a post's comments are opened.
 */
export function CommentsPanel({ postId, postLabel }: { postId: number; postLabel: string }) {
  const comments = useInfiniteQuery(commentQueries.list(postId))
  const rows = comments.data?.pages.flatMap((page) => page.comments) ?? []
  const remove = useDeleteComment(postId)
  const { user } = useSession()

  return (
    <div className="grid grid-cols-1 gap-3 border-line border-t px-4 pt-3 pb-4 sm:px-5">
      {comments.isPending ? (
        <p className="flex items-center gap-2 py-2 text-muted text-sm">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading comments…
        </p>
      ) : comments.isError ? (
        <ListError text="The comments could not be loaded." onRetry={() => void comments.refetch()} />
      ) : rows.length === 0 ? (
        <p className="py-1 text-muted text-sm">{COMMUNITY_TEXTS.noComments}</p>
      ) : (
        <ul aria-label={`Comments on ${postLabel}`} className="grid grid-cols-1 gap-3">
          {rows.map((comment) => (
            <CommentRow
              key={comment.id}
              comment={comment}
              canDelete={comment.isOwn || canDeleteComment(user, { userId: comment.user.id })}
              deleting={remove.isPending && remove.variables === comment.id}
              onDelete={() =>
                remove.mutate(comment.id, {
                  onSuccess: () => toast({ title: COMMUNITY_TEXTS.commentDeleted, variant: 'success' }),
                  onError: (error) =>
                    toast({
                      title: COMMUNITY_TEXTS.commentDeleteFailure,
                      description: serverMessage(error, 'Please try again.'),
                      variant: 'destructive',
                    }),
                })
              }
            />
          ))}
        </ul>
      )}
      {comments.hasNextPage ? (
        <button
          type="button"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
          className="justify-self-start font-semibold text-brick-yellow text-sm underline-offset-2 hover:underline disabled:opacity-60"
        >
          {comments.isFetchingNextPage ? 'Loading...' : 'More comments'}
        </button>
      ) : null}
      <CommentForm postId={postId} postLabel={postLabel} />
    </div>
  )
}

function CommentRow({
  comment,
  canDelete,
  deleting,
  onDelete,
}: {
  comment: Comment
  canDelete: boolean
  deleting: boolean
  onDelete: () => void
}) {
  const name = authorName(comment.user)
  return (
    <li className="flex items-start gap-2">
      <div className="min-w-0 flex-1 rounded-xl bg-raised px-3 py-2">
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
          <span className="font-semibold text-fg">{name}</span>
          <time dateTime={comment.createdAt} title={exactTime(comment.createdAt)} className="text-subtle">
            {relativeTime(comment.createdAt, Date.now())}
          </time>
        </p>
        <p className="mt-0.5 whitespace-pre-line text-sm [overflow-wrap:anywhere]">{comment.content}</p>
      </div>
      {canDelete ? (
        <button
          type="button"
          onClick={onDelete}
          disabled={deleting}
          aria-label={`Delete comment by ${name}`}
          className={buttonClasses('ghost', 'sm', 'h-9 shrink-0 px-2.5')}
        >
          <Trash2 aria-hidden="true" />
        </button>
      ) : null}
    </li>
  )
}

function CommentForm({ postId, postLabel }: { postId: number; postLabel: string }) {
  const id = useId()
  const add = useAddComment(postId)
  const form = useForm<CreateCommentBody, unknown, CreateCommentBody>({
    resolver,
    defaultValues: { content: '' },
  })
  const error = form.formState.errors.content?.message
  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => form.reset({ content: '' }),
      onError: (failure) =>
        toast({
          title: COMMUNITY_TEXTS.commentFailure,
          description: serverMessage(failure, 'Please try again.'),
          variant: 'destructive',
        }),
    }),
  )
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Comment on ${postLabel}`}
      className="grid grid-cols-1 gap-1.5"
    >
      <label htmlFor={id} className="sr-only">
        Add a comment
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          autoComplete="off"
          maxLength={COMMENT_MAX_LENGTH}
          placeholder="Add a comment…"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(inputClasses, 'h-10 min-w-0 flex-1')}
          {...form.register('content')}
        />
        <button
          type="submit"
          disabled={add.isPending}
          className={buttonClasses('secondary', 'md', 'shrink-0')}
        >
          {add.isPending ? 'Posting...' : 'Post'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-[#ff8a8c] text-xs">
          {error}
        </p>
      ) : null}
    </form>
  )
}
