import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import {
  COMMENTS_PER_HOUR,
  commentPageSchema,
  commentSchema,
  feedPageSchema,
  POSTS_PER_HOUR,
  postReviewPageSchema,
  postSchema,
  reviewedPostSchema,
} from '#shared/contract/community.ts'
import { multipart } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * The community API (spec 02 §7; issue 14 parts 1 and 4): the feed, posts, likes, comments, reports and the
 * moderators' hide and restore, through the real upload endpoint and database.
 */
const context = setupTestApp()
type Person = 'author' | 'reader' | 'trusted' | 'spammer' | 'chatty'
let cookies: Record<Person, string>
let falcon: { id: number; slug: string }

const request = (
  cookie: string,
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) => context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })

/** Uploads a small real PNG as `cookie`, answering its objectPath. */
async function uploadPhoto(cookie: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d01012' } })
    .png()
    .toBuffer()
  const form = multipart({}, [{ name: 'brick.png', content: png, field: 'image' }])
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie, ...form.headers },
    payload: form.payload,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().objectPath
}

async function share(cookie: string, caption: string, extra: Record<string, unknown> = {}) {
  const imageUrl = await uploadPhoto(cookie)
  const response = await request(cookie, 'POST', '/api/posts', { caption, imageUrl, ...extra })
  expect(response.statusCode, response.body).toBe(201)
  return postSchema.parse(response.json())
}

const feed = async (cookie: string, query = '') => {
  const response = await request(cookie, 'GET', `/api/posts/feed${query}`)
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
  // The database writes this answer (no serializer checks it): exactly the contract's shape, nothing more.
  const body = response.json()
  expect(Object.keys(body).sort()).toEqual(['nextCursor', 'posts'])
  for (const post of body.posts)
    expect(Object.keys(post).sort()).toEqual(Object.keys(postSchema.shape).sort())
  return feedPageSchema.parse(body)
}

beforeAll(async () => {
  cookies = await signUpPeople(context.app, context.database.db, [
    'author',
    'reader',
    'trusted',
    'spammer',
    'chatty',
  ])
  await request(cookies.author, 'PUT', '/api/me/profile', { firstName: 'Ada', lastName: 'Brick' })
  const rows = await queryRows<{ id: number; slug: string }>(
    context.database.db,
    sql`select id, slug from items where number = '75192-1'`,
  )
  falcon = rows[0] as { id: number; slug: string }
})

describe('posts and the feed', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/posts/feed' })
    expect(response.statusCode).toBe(401)
  })

  it('shares a photo with its caption and item, and shows it first in everyone’s feed', async () => {
    const post = await share(cookies.author, '  My Falcon, finally built  ', { itemId: falcon.id })
    expect(post).toMatchObject({
      caption: 'My Falcon, finally built',
      itemId: falcon.id,
      item: { id: falcon.id, number: '75192-1', slug: falcon.slug, type: 'set' },
      user: { firstName: 'Ada', lastName: 'Brick' },
      likesCount: 0,
      commentsCount: 0,
      isLikedByUser: false,
      isOwn: true,
      hidden: false,
    })
    expect(post.imageUrl).toMatch(/^\/objects\//)
    expect(post.thumbnailUrl).toMatch(/^\/objects\//)
    expect(post.thumbnailUrl).not.toBe(post.imageUrl)
    const seen = await feed(cookies.reader)
    expect(seen.posts[0]).toMatchObject({ id: post.id, isOwn: false, caption: 'My Falcon, finally built' })
    const ofItem = await feed(cookies.reader, `?itemId=${falcon.id}`)
    expect(ofItem.posts.map((p) => p.id)).toContain(post.id)
    expect(ofItem.posts.every((p) => p.itemId === falcon.id)).toBe(true)
  })

  it('writes out a caption as typed, quotes, backslashes, line breaks and all, in the feed as in the post', async () => {
    const caption = 'The "Falcon" \\ UCS\nbuilt in 3 days — ✓ <b>&amp;</b>\ttabbed'
    const post = await share(cookies.author, caption)
    expect(post.caption).toBe(caption)
    const seen = await feed(cookies.reader)
    expect(seen.posts.find((p) => p.id === post.id)).toMatchObject({ caption, itemId: null, item: null })
    const one = await request(cookies.reader, 'GET', `/api/posts/${post.id}`)
    expect(postSchema.parse(one.json())).toMatchObject({ caption, user: { firstName: 'Ada' } })
  })

  it('shows each post’s item and author as they are now, after an edit of either', async () => {
    // A post keeps its feed text written (ADR 041): whoever changes its item or its author's name rewrites it.
    const post = await share(cookies.author, 'Before the rename', { itemId: falcon.id })
    const shown = async () => {
      const seen = (await feed(cookies.reader)).posts.find((p) => p.id === post.id)
      const one = postSchema.parse((await request(cookies.reader, 'GET', `/api/posts/${post.id}`)).json())
      expect(one).toEqual(seen)
      return seen
    }
    const renameItem = (name: string, imageUrl: string | null) =>
      context.database.db.execute(
        sql`update items set name = ${name}, image_url = ${imageUrl} where id = ${falcon.id}`,
      )
    const [item] = await queryRows<{ name: string; imageUrl: string | null }>(
      context.database.db,
      sql`select name, image_url as "imageUrl" from items where id = ${falcon.id}`,
    )
    if (!item) throw new Error('the Falcon is in the demo catalogue')
    try {
      await renameItem('Millennium "Falcon" \\ UCS', 'https://img.example/falcon.png')
      const newItem = {
        ...post.item,
        name: 'Millennium "Falcon" \\ UCS',
        imageUrl: 'https://img.example/falcon.png',
      }
      expect(await shown()).toEqual({ ...post, item: newItem, isOwn: false })
      const renamed = await request(cookies.author, 'PUT', '/api/me/profile', {
        firstName: 'Adá',
        lastName: 'O"Brick',
      })
      expect(renamed.statusCode, renamed.body).toBe(200)
      expect(await shown()).toEqual({
        ...post,
        item: newItem,
        user: { ...post.user, firstName: 'Adá', lastName: 'O"Brick' },
        isOwn: false,
      })
    } finally {
      await renameItem(item.name, item.imageUrl)
      await request(cookies.author, 'PUT', '/api/me/profile', { firstName: 'Ada', lastName: 'Brick' })
    }
    expect(await shown()).toEqual({ ...post, isOwn: false })
  })

  it('refuses a post without a caption, with the spec’s words, and stores nothing', async () => {
    const imageUrl = await uploadPhoto(cookies.author)
    const before = await feed(cookies.author)
    for (const caption of ['', '   \n ', undefined]) {
      const response = await request(cookies.author, 'POST', '/api/posts', { caption, imageUrl })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toContain('Please add a caption')
    }
    expect((await feed(cookies.author)).posts[0]?.id).toBe(before.posts[0]?.id)
  })

  it('refuses a photo that is not the poster’s own upload, an unknown item and bad fields', async () => {
    const othersPhoto = await uploadPhoto(cookies.reader)
    const notMine = await request(cookies.author, 'POST', '/api/posts', {
      caption: 'x',
      imageUrl: othersPhoto,
    })
    expect(notMine.statusCode).toBe(400)
    expect(notMine.json().message).toMatch(/not one of your uploads/)
    const external = await request(cookies.author, 'POST', '/api/posts', {
      caption: 'x',
      imageUrl: 'https://evil.example/a.jpg',
    })
    expect(external.statusCode).toBe(400)
    expect(external.json().message).toMatch(/objectPath of a photo you uploaded/)
    const mine = await uploadPhoto(cookies.author)
    const unknownItem = await request(cookies.author, 'POST', '/api/posts', {
      caption: 'x',
      imageUrl: mine,
      itemId: 2_000_000_000,
    })
    expect(unknownItem.statusCode).toBe(404)
    const badItem = await request(cookies.author, 'POST', '/api/posts', {
      caption: 'x',
      imageUrl: mine,
      itemId: 'abc',
    })
    expect(badItem.statusCode).toBe(400)
    const tooLong = await request(cookies.author, 'POST', '/api/posts', {
      caption: 'x'.repeat(2001),
      imageUrl: mine,
    })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toMatch(/at most 2000 characters/)
  })

  it('pages newest first with a cursor, never repeating or skipping a post', async () => {
    for (const n of [1, 2, 3, 4, 5]) await share(cookies.reader, `page test ${n}`)
    const all = (await feed(cookies.reader, '?limit=50')).posts.map((p) => p.id)
    expect(all).toEqual([...all].sort((a, b) => b - a))
    const paged: number[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const page = await feed(cookies.reader, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.posts.length).toBeLessThanOrEqual(2)
      paged.push(...page.posts.map((p) => p.id))
      cursor = page.nextCursor
    }
    expect(paged).toEqual(all)
    // 3000000000: ten digits, past the largest id a post can have (it once reached the database and failed there).
    for (const query of [
      '?cursor=abc',
      '?cursor=0',
      '?cursor=01',
      '?cursor=1.5',
      '?cursor=3000000000',
      '?limit=0',
      '?limit=51',
      '?itemId=-1',
    ]) {
      const response = await request(cookies.reader, 'GET', `/api/posts/feed${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message.length).toBeGreaterThan(5)
      if (query.startsWith('?cursor=')) {
        expect(response.json().message, query).toBe('cursor must be the nextCursor of the page before')
      }
    }
  })

  it('answers each reader their own page when many pages are asked for at once (one shared statement)', async () => {
    const liked = await share(cookies.author, 'liked by the reader only', { itemId: falcon.id })
    const newer = await share(cookies.author, 'another falcon photo', { itemId: falcon.id })
    expect((await request(cookies.reader, 'POST', `/api/posts/${liked.id}/like`, {})).statusCode).toBe(200)
    const alone = {
      reader: await feed(cookies.reader, '?limit=3'),
      author: await feed(cookies.author, '?limit=2'),
      falcon: await feed(cookies.trusted, `?itemId=${falcon.id}&limit=50`),
      deeper: await feed(cookies.reader, `?limit=4&cursor=${liked.id}`),
    }
    // The same four asked for in the same moment, several times over, so they share statements.
    const together = await Promise.all(
      Array.from({ length: 5 }, () =>
        Promise.all([
          feed(cookies.reader, '?limit=3'),
          feed(cookies.author, '?limit=2'),
          feed(cookies.trusted, `?itemId=${falcon.id}&limit=50`),
          feed(cookies.reader, `?limit=4&cursor=${liked.id}`),
        ]),
      ),
    )
    for (const [reader, author, falconPhotos, deeper] of together) {
      expect(reader).toEqual(alone.reader)
      expect(author).toEqual(alone.author)
      expect(falconPhotos).toEqual(alone.falcon)
      expect(deeper).toEqual(alone.deeper)
    }
    expect(alone.reader.posts.find((p) => p.id === liked.id)?.isLikedByUser).toBe(true)
    expect(alone.author.posts.find((p) => p.id === liked.id)?.isLikedByUser).toBe(false)
    expect(alone.author.posts.every((p) => p.isOwn)).toBe(true)
    expect(alone.reader.posts).toHaveLength(3)
    expect(alone.author.posts).toHaveLength(2)
    expect(alone.falcon.posts.every((p) => p.item?.id === falcon.id)).toBe(true)
    expect(alone.falcon.posts.map((p) => p.id).slice(0, 2)).toEqual([newer.id, liked.id])
    expect(alone.deeper.posts.every((p) => p.id < liked.id)).toBe(true)
  })
  it('lets only the author delete a post, with its likes and comments', async () => {
    const post = await share(cookies.author, 'to be deleted')
    await request(cookies.reader, 'POST', `/api/posts/${post.id}/like`, { liked: true })
    await request(cookies.reader, 'POST', `/api/posts/${post.id}/comments`, { content: 'nice' })
    const byOther = await request(cookies.reader, 'DELETE', `/api/posts/${post.id}`)
    expect(byOther.statusCode).toBe(403)
    expect(byOther.json().message).toBe('You can delete only your own posts.')
    const byModerator = await request(cookies.trusted, 'DELETE', `/api/posts/${post.id}`)
    expect(byModerator.statusCode).toBe(403)
    expect((await request(cookies.author, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204)
    expect((await request(cookies.author, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404)
    expect((await request(cookies.author, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(404)
    const left = await queryRows<{ likes: number; comments: number }>(
      context.database.db,
      sql`select (select count(*)::int from post_likes where post_id = ${post.id}) as likes,
        (select count(*)::int from post_comments where post_id = ${post.id}) as comments`,
    )
    expect(left[0]).toEqual({ likes: 0, comments: 0 })
  })
})

describe('likes', () => {
  it('toggles, and says so right after a reload', async () => {
    const post = await share(cookies.author, 'like me')
    const url = `/api/posts/${post.id}/like`
    expect((await request(cookies.reader, 'POST', url, { liked: true })).json()).toEqual({
      liked: true,
      likesCount: 1,
    })
    expect((await request(cookies.reader, 'GET', `/api/posts/${post.id}`)).json()).toMatchObject({
      isLikedByUser: true,
      likesCount: 1,
    })
    // The author does not see the reader's like as their own.
    expect((await request(cookies.author, 'GET', `/api/posts/${post.id}`)).json()).toMatchObject({
      isLikedByUser: false,
      likesCount: 1,
    })
    expect((await request(cookies.reader, 'POST', url, { liked: false })).json()).toEqual({
      liked: false,
      likesCount: 0,
    })
    // Without a body it toggles (spec 02 §4).
    expect((await request(cookies.reader, 'POST', url)).json()).toEqual({ liked: true, likesCount: 1 })
    // A toggle long after the like takes it back; one right after it is the same click again.
    expect((await request(cookies.reader, 'POST', url)).json()).toEqual({ liked: true, likesCount: 1 })
    await context.database.db.execute(
      sql`update post_likes set created_at = now() - interval '1 minute' where post_id = ${post.id}`,
    )
    expect((await request(cookies.reader, 'POST', url)).json()).toEqual({ liked: false, likesCount: 0 })
    const bad = await request(cookies.reader, 'POST', url, { liked: 'yes' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('liked must be true or false')
    expect(
      (await request(cookies.reader, 'POST', '/api/posts/2000000000/like', { liked: true })).statusCode,
    ).toBe(404)
  })

  it('keeps one like per member however many arrive at once, and counts every member’s', async () => {
    const post = await share(cookies.author, 'popular')
    const url = `/api/posts/${post.id}/like`
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => request(cookies.reader, 'POST', url)),
      ...Array.from({ length: 10 }, () => request(cookies.trusted, 'POST', url, { liked: true })),
    ])
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true)
    const rows = await queryRows<{ likes: number; counted: number }>(
      context.database.db,
      sql`select (select count(*)::int from post_likes where post_id = ${post.id}) as likes,
        (select likes_count from posts where id = ${post.id}) as counted`,
    )
    expect(rows[0]).toEqual({ likes: 2, counted: 2 })
    expect((await request(cookies.reader, 'GET', `/api/posts/${post.id}`)).json()).toMatchObject({
      isLikedByUser: true,
      likesCount: 2,
    })
  })
})

describe('comments', () => {
  it('adds, lists oldest first, counts and deletes comments; authors and moderators only delete', async () => {
    const post = await share(cookies.author, 'comment on me')
    const base = `/api/posts/${post.id}/comments`
    const first = await request(cookies.reader, 'POST', base, { content: '  Great build!  ' })
    expect(first.statusCode, first.body).toBe(201)
    const comment = commentSchema.parse(first.json())
    expect(comment).toMatchObject({ content: 'Great build!', postId: post.id, isOwn: true })
    await request(cookies.author, 'POST', base, { content: 'Thanks' })
    await request(cookies.trusted, 'POST', base, { content: 'Wow' })
    const page = commentPageSchema.parse((await request(cookies.author, 'GET', `${base}?limit=2`)).json())
    expect(page.comments.map((c) => c.content)).toEqual(['Great build!', 'Thanks'])
    expect(page.total).toBe(3)
    const rest = commentPageSchema.parse(
      (await request(cookies.author, 'GET', `${base}?limit=2&cursor=${page.nextCursor}`)).json(),
    )
    expect(rest.comments.map((c) => c.content)).toEqual(['Wow'])
    expect(rest.nextCursor).toBeNull()
    const pastAnyId = await request(cookies.author, 'GET', `${base}?cursor=3000000000`)
    expect(pastAnyId.statusCode, pastAnyId.body).toBe(400)
    expect(pastAnyId.json().message).toBe('cursor must be the nextCursor of the page before')
    expect((await request(cookies.author, 'GET', `/api/posts/${post.id}`)).json().commentsCount).toBe(3)

    for (const content of ['', '   ']) {
      const empty = await request(cookies.reader, 'POST', base, { content })
      expect(empty.statusCode).toBe(400)
      expect(empty.json().message).toContain('Please write a comment')
    }
    expect((await request(cookies.reader, 'POST', base, { content: 'x'.repeat(1001) })).statusCode).toBe(400)

    const notYours = await request(cookies.author, 'DELETE', `${base}/${comment.id}`)
    expect(notYours.statusCode).toBe(403)
    expect(notYours.json().message).toBe('You can delete only your own comments.')
    expect((await request(cookies.reader, 'DELETE', `${base}/${comment.id}`)).statusCode).toBe(204)
    const wow = rest.comments[0]?.id
    expect((await request(cookies.trusted, 'DELETE', `${base}/${wow}`)).statusCode).toBe(204)
    expect((await request(cookies.reader, 'DELETE', `${base}/${comment.id}`)).statusCode).toBe(404)
    expect((await request(cookies.author, 'GET', `/api/posts/${post.id}`)).json().commentsCount).toBe(1)
  })
})

describe('reports and moderation', () => {
  it('reports a post once per member; moderators hide it from everyone but its author, and restore it', async () => {
    const post = await share(cookies.author, 'questionable')
    const reportUrl = `/api/posts/${post.id}/report`
    const own = await request(cookies.author, 'POST', reportUrl, { reason: 'spam' })
    expect(own.statusCode).toBe(400)
    const noReason = await request(cookies.reader, 'POST', reportUrl, {})
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().message).toMatch(/reason must be one of/)
    for (let n = 0; n < 3; n++) {
      const report = await request(cookies.reader, 'POST', reportUrl, { reason: 'spam', details: 'ads' })
      expect(report.statusCode, report.body).toBe(200)
    }
    const member = await request(cookies.reader, 'GET', '/api/moderation/posts')
    expect(member.statusCode).toBe(403)
    const queue = postReviewPageSchema.parse(
      (await request(cookies.trusted, 'GET', '/api/moderation/posts')).json(),
    )
    const listed = queue.posts.find((p) => p.id === post.id)
    expect(listed?.reports).toHaveLength(1)
    expect(listed?.reports[0]).toMatchObject({ reason: 'spam', details: 'ads' })

    expect((await request(cookies.reader, 'POST', `/api/posts/${post.id}/hide`)).statusCode).toBe(403)
    const hidden = reviewedPostSchema.parse(
      (await request(cookies.trusted, 'POST', `/api/posts/${post.id}/hide`)).json(),
    )
    expect(hidden.hidden).toBe(true)
    expect(hidden.hiddenAt).not.toBeNull()
    expect((await feed(cookies.reader, '?limit=50')).posts.map((p) => p.id)).not.toContain(post.id)
    expect((await feed(cookies.trusted, '?limit=50')).posts.map((p) => p.id)).not.toContain(post.id)
    const forAuthor = (await feed(cookies.author, '?limit=50')).posts.find((p) => p.id === post.id)
    expect(forAuthor?.hidden).toBe(true)
    for (const [method, url, payload] of [
      ['GET', `/api/posts/${post.id}`, undefined],
      ['POST', `/api/posts/${post.id}/like`, { liked: true }],
      ['POST', `/api/posts/${post.id}/comments`, { content: 'hi' }],
      ['POST', reportUrl, { reason: 'other' }],
    ] as const) {
      expect((await request(cookies.reader, method, url, payload)).statusCode, url).toBe(404)
    }
    const afterHide = postReviewPageSchema.parse(
      (await request(cookies.trusted, 'GET', '/api/moderation/posts')).json(),
    )
    expect(afterHide.posts.map((p) => p.id)).not.toContain(post.id)
    const hiddenList = postReviewPageSchema.parse(
      (await request(cookies.trusted, 'GET', '/api/moderation/posts?status=hidden')).json(),
    )
    expect(hiddenList.posts.map((p) => p.id)).toContain(post.id)

    const restored = reviewedPostSchema.parse(
      (await request(cookies.trusted, 'POST', `/api/posts/${post.id}/restore`)).json(),
    )
    expect(restored.hidden).toBe(false)
    expect((await feed(cookies.reader, '?limit=50')).posts.map((p) => p.id)).toContain(post.id)
    const flags = await queryRows<{ status: string }>(
      context.database.db,
      sql`select status from moderation_flags where entity_type = 'post' and entity_id = ${String(post.id)}`,
    )
    expect(flags.map((f) => f.status)).toEqual(['resolved'])
    expect((await request(cookies.trusted, 'POST', '/api/posts/2000000000/hide')).statusCode).toBe(404)
    const badStatus = await request(cookies.trusted, 'GET', '/api/moderation/posts?status=open')
    expect(badStatus.statusCode).toBe(400)
  })
})

describe('rate limits', () => {
  it(`lets a member share ${POSTS_PER_HOUR} posts an hour, even when they arrive at once`, async () => {
    const imageUrl = await uploadPhoto(cookies.spammer)
    const answers = await Promise.all(
      Array.from({ length: POSTS_PER_HOUR + 5 }, (_, n) =>
        request(cookies.spammer, 'POST', '/api/posts', { caption: `post ${n}`, imageUrl }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(POSTS_PER_HOUR)
    const refused = answers.filter((answer) => answer.statusCode === 429)
    expect(refused).toHaveLength(5)
    expect(refused[0]?.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^You can write 20 posts an hour; please try again in (60|59) minutes\.$/,
      ),
    })
    // An hour later the oldest ones no longer count.
    await context.database.db.execute(
      sql`update posts set created_at = now() - interval '61 minutes'
        where id in (select id from posts where user_id = (select user_id from uploads where image_path = ${imageUrl})
          order by id limit 3)`,
    )
    const again = await request(cookies.spammer, 'POST', '/api/posts', { caption: 'later', imageUrl })
    expect(again.statusCode).toBe(201)
  })

  it(`lets a member write ${COMMENTS_PER_HOUR} comments an hour`, async () => {
    const post = await share(cookies.author, 'chat here')
    const url = `/api/posts/${post.id}/comments`
    for (let n = 0; n < COMMENTS_PER_HOUR; n++) {
      expect((await request(cookies.chatty, 'POST', url, { content: `c${n}` })).statusCode).toBe(201)
    }
    const refused = await request(cookies.chatty, 'POST', url, { content: 'one more' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toMatch(
      /^You can write 100 comments an hour; please try again in \d+ minutes?\.$/,
    )
    expect((await request(cookies.author, 'GET', `/api/posts/${post.id}`)).json().commentsCount).toBe(
      COMMENTS_PER_HOUR,
    )
  })
})
