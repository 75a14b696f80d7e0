import { z } from 'zod'
import { errors, json, noBody, sendJsonText } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import { idParamsSchema, idSchema } from '#shared/contract/common.ts'
import {
  COMMENTS_PER_HOUR,
  commentPageSchema,
  commentSchema,
  commentsQuerySchema,
  createCommentBodySchema,
  createPostBodySchema,
  feedPageSchema,
  feedQuerySchema,
  likeBodySchema,
  likeStateSchema,
  POSTS_PER_HOUR,
  postReviewPageSchema,
  postReviewQuerySchema,
  postSchema,
  reportedSchema,
  reportPostBodySchema,
  reviewedPostSchema,
} from '#shared/contract/community.ts'
import {
  commentPage,
  createComment,
  createPost,
  deleteComment,
  deletePost,
  feedPageJson,
  moderatePost,
  postReviewPage,
  readPost,
  reportPost,
  setLike,
} from './posts.service.ts'

const tags = ['Community']
const noSuchPost = errors({ 404: 'No post you can see has this id (NOT_FOUND).' })
const moderatorsOnly = errors({ 403: 'Only trusted members and admins can moderate posts (FORBIDDEN).' })
const commentParamsSchema = z.object({
  id: idSchema({ name: 'id' }),
  commentId: idSchema({ name: 'commentId' }),
})

/**
 * The community (spec 02 §7; issue 14): the feed, posts, likes, comments and reports, and the moderators'
 * hide and restore. A post a moderator hid is seen by its author alone.
 */
export const postsRoutes = signedInRoutes(async (app) => {
  app.get(
    '/posts/feed',
    {
      schema: {
        tags,
        summary: 'The community feed, newest first, a page at a time (one item’s photos with itemId)',
        querystring: feedQuerySchema,
        response: {
          200: json('A page of posts', feedPageSchema),
          ...errors({ 400: 'A cursor, limit or itemId that is not one (BAD_REQUEST).' }),
        },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await feedPageJson({ db: app.db, readerId: request.signedInUser().id, query: request.query }),
      ),
  )

  app.post(
    '/posts',
    {
      schema: {
        tags,
        summary:
          'Share a photo you uploaded (POST /api/objects/upload) with a caption, and the item it shows',
        body: createPostBodySchema,
        response: {
          201: json('The post', postSchema),
          ...errors({
            400: "No caption ('Please add a caption'), or the photo is not an upload of yours (BAD_REQUEST).",
            404: 'No item has this itemId (NOT_FOUND).',
            429: `You shared ${POSTS_PER_HOUR} posts in the last hour (RATE_LIMITED).`,
          }),
        },
      },
    },
    async (request, reply) => {
      const post = await createPost({ db: app.db, author: request.signedInUser(), body: request.body })
      return reply.code(201).send(post)
    },
  )

  app.get(
    '/posts/:id',
    {
      schema: {
        tags,
        summary: 'One post',
        params: idParamsSchema,
        response: { 200: json('The post', postSchema), ...noSuchPost },
      },
    },
    (request) => readPost({ db: app.db, readerId: request.signedInUser().id, id: request.params.id }),
  )

  app.delete(
    '/posts/:id',
    {
      schema: {
        tags,
        summary: 'Delete your own post, with its likes and comments',
        params: idParamsSchema,
        response: {
          204: noBody('Deleted'),
          ...noSuchPost,
          ...errors({ 403: 'The post is someone else’s (FORBIDDEN).' }),
        },
      },
    },
    async (request, reply) => {
      await deletePost({ db: app.db, actor: request.signedInUser(), id: request.params.id })
      return reply.code(204).send()
    },
  )

  app.post(
    '/posts/:id/like',
    {
      schema: {
        tags,
        summary:
          'Like or unlike a post: `liked` is the state you want; without it the like toggles (a second toggle within 2 s of a like keeps it)',
        params: idParamsSchema,
        body: likeBodySchema,
        response: { 200: json('Whether you like it, and its likes', likeStateSchema), ...noSuchPost },
      },
    },
    (request) =>
      setLike({
        db: app.db,
        readerId: request.signedInUser().id,
        id: request.params.id,
        liked: request.body.liked,
      }),
  )

  app.get(
    '/posts/:id/comments',
    {
      schema: {
        tags,
        summary: 'A post’s comments, oldest first, a page at a time',
        params: idParamsSchema,
        querystring: commentsQuerySchema,
        response: { 200: json('A page of comments', commentPageSchema), ...noSuchPost },
      },
    },
    (request) =>
      commentPage({
        db: app.db,
        readerId: request.signedInUser().id,
        postId: request.params.id,
        query: request.query,
      }),
  )

  app.post(
    '/posts/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a post',
        params: idParamsSchema,
        body: createCommentBodySchema,
        response: {
          201: json('The comment', commentSchema),
          ...noSuchPost,
          ...errors({
            400: "An empty comment ('Please write a comment') or one over 1,000 characters (BAD_REQUEST).",
            429: `You wrote ${COMMENTS_PER_HOUR} comments in the last hour (RATE_LIMITED).`,
          }),
        },
      },
    },
    async (request, reply) => {
      const comment = await createComment({
        db: app.db,
        author: request.signedInUser(),
        postId: request.params.id,
        content: request.body.content,
      })
      return reply.code(201).send(comment)
    },
  )

  app.delete(
    '/posts/:id/comments/:commentId',
    {
      schema: {
        tags,
        summary: 'Delete your own comment (moderators: any comment)',
        params: commentParamsSchema,
        response: {
          204: noBody('Deleted'),
          ...errors({
            403: 'The comment is someone else’s (FORBIDDEN).',
            404: 'No post you can see, or no comment of it, has this id (NOT_FOUND).',
          }),
        },
      },
    },
    async (request, reply) => {
      await deleteComment({
        db: app.db,
        actor: request.signedInUser(),
        postId: request.params.id,
        id: request.params.commentId,
      })
      return reply.code(204).send()
    },
  )

  app.post(
    '/posts/:id/report',
    {
      schema: {
        tags,
        summary: 'Report a post to the moderators (reporting it again changes nothing)',
        params: idParamsSchema,
        body: reportPostBodySchema,
        response: {
          200: json('Reported', reportedSchema),
          ...noSuchPost,
          ...errors({ 400: 'No reason, or the post is your own (BAD_REQUEST).' }),
        },
      },
    },
    async (request) => {
      await reportPost({
        db: app.db,
        reporterId: request.signedInUser().id,
        id: request.params.id,
        body: request.body,
      })
      return { reported: true as const }
    },
  )

  app.get(
    '/moderation/posts',
    {
      schema: {
        tags,
        summary: 'Posts with open reports (the most reported first), or the hidden posts',
        querystring: postReviewQuerySchema,
        response: {
          200: json('A page of posts with their reports', postReviewPageSchema),
          ...moderatorsOnly,
        },
      },
    },
    (request) => postReviewPage({ db: app.db, actor: request.signedInUser(), query: request.query }),
  )

  for (const [action, hidden] of [
    ['hide', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/posts/:id/${action}`,
      {
        schema: {
          tags,
          summary: hidden
            ? 'Hide a post from everyone but its author; its open reports are resolved'
            : 'Show a post again (or keep it shown); its open reports are dismissed',
          params: idParamsSchema,
          response: {
            200: json('The post', reviewedPostSchema),
            ...moderatorsOnly,
            ...errors({ 404: 'No post has this id (NOT_FOUND).' }),
          },
        },
      },
      (request) => moderatePost({ db: app.db, actor: request.signedInUser(), id: request.params.id, hidden }),
    )
  }
})
