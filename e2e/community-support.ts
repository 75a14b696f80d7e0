/** Helpers for the community specs (e2e/community.spec.ts): photos made at test time, posts through the API. */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import type { Post } from '#shared/contract/community.ts'
import type { UploadedImage } from '#shared/contract/objects.ts'
import { CATALOGUE_URL } from './accounts.ts'

const BRICK_COLOURS = ['#d01012', '#f5cd2f', '#0055bf', '#237841'] as const

/**
 * A small real photo-like picture: a stack of bricks on a plain ground, as a PNG or JPEG, `seed` choosing
 * its colours so neighbouring posts look different in the screenshots.
 */
export async function brickPhoto(seed = 0, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const colour = (offset: number) => BRICK_COLOURS[(seed + offset) % BRICK_COLOURS.length] ?? '#d01012'
  const brick = (x: number, y: number, width: number, fill: string) =>
    `<rect x="${x}" y="${y}" width="${width}" height="70" rx="6" fill="${fill}"/>` +
    Array.from(
      { length: Math.floor(width / 60) },
      (_, index) => `<ellipse cx="${x + 30 + index * 60}" cy="${y - 6}" rx="20" ry="9" fill="${fill}"/>`,
    ).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#2b2b30"/>
    ${brick(160, 420, 480, colour(0))}
    ${brick(220, 330, 360, colour(1))}
    ${brick(280, 240, 240, colour(2))}
    ${brick(340, 150, 120, colour(3))}
  </svg>`
  const image = sharp(Buffer.from(svg))
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer()
}

/**
 * Uploads a photo and shares it as the request context's member, through the API (on the catalogue server
 * unless `baseURL` says otherwise: state-changing calls name the server's origin).
 */
export async function shareViaApi(
  request: APIRequestContext,
  caption: string,
  options: { itemId?: number | null; seed?: number; baseURL?: string } = {},
): Promise<Post> {
  const sameOrigin = { Origin: new URL(options.baseURL ?? CATALOGUE_URL).origin }
  const upload = await request.post('/api/objects/upload', {
    multipart: {
      image: { name: 'bricks.png', mimeType: 'image/png', buffer: await brickPhoto(options.seed ?? 0) },
    },
    headers: sameOrigin,
  })
  expect(upload.status(), await upload.text()).toBe(201)
  const { objectPath } = (await upload.json()) as UploadedImage
  const created = await request.post('/api/posts', {
    data: { caption, imageUrl: objectPath, itemId: options.itemId ?? null },
    headers: sameOrigin,
  })
  expect(created.status(), await created.text()).toBe(201)
  return (await created.json()) as Post
}

/** The feed's card of the post whose caption holds `text`. */
export function postCard(page: Page, text: string): Locator {
  return page.getByTestId('post').filter({ hasText: text })
}

/** The post's like button (its name carries the count). */
export function likeButton(card: Locator): Locator {
  return card.getByRole('button', { name: /^Like, / })
}

/** Whether the image inside `scope` has loaded real pixels (not the placeholder). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible()
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
}
