import { describe, expect, it, vi } from 'vitest'
import { shareLink } from './share.ts'

const data = { title: 'Millennium Falcon', url: 'https://brickfolio.app/item/75192-1-millennium-falcon' }

describe('shareLink', () => {
  it('uses the Web Share API when there is one', async () => {
    const share = vi.fn(async () => {})
    const writeText = vi.fn(async () => {})
    expect(await shareLink(data, { share, writeText })).toBe('shared')
    expect(share).toHaveBeenCalledWith({ title: data.title, url: data.url })
    expect(writeText).not.toHaveBeenCalled()
  })

  it('does nothing more when the user closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('cancelled', 'AbortError')
    })
    const writeText = vi.fn(async () => {})
    expect(await shareLink(data, { share, writeText })).toBe('cancelled')
    expect(writeText).not.toHaveBeenCalled()
  })

  it('copies the link without the Web Share API, or when sharing fails', async () => {
    const writeText = vi.fn(async () => {})
    expect(await shareLink(data, { writeText })).toBe('copied')
    expect(writeText).toHaveBeenCalledWith(data.url)
    const share = vi.fn(async () => {
      throw new DOMException('not allowed', 'NotAllowedError')
    })
    expect(await shareLink(data, { share, writeText })).toBe('copied')
  })

  it('reports a failure when nothing works', async () => {
    expect(await shareLink(data, {})).toBe('failed')
    const writeText = vi.fn(async () => {
      throw new Error('denied')
    })
    expect(await shareLink(data, { writeText })).toBe('failed')
  })
})
