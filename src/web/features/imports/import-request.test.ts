import { describe, expect, it } from 'vitest'
import { choicesBody, type ImportInput, importRequest, NO_CHOICES } from './import-request.ts'

const input = (patch: Partial<ImportInput>): ImportInput => ({
  source: 'bricklink',
  url: '',
  data: '',
  files: [],
  ...patch,
})

describe('importRequest', () => {
  it('sends pasted data as the JSON body with the choices made', () => {
    const request = importRequest(
      input({ data: '<INVENTORY/>' }),
      { currency: 'EUR', resolutions: { '383': 12 } },
      'preview',
    )
    expect(request).toEqual({
      body: {
        source: 'bricklink',
        mode: 'preview',
        currency: 'EUR',
        resolutions: [{ number: '383', itemId: 12 }],
        data: '<INVENTORY/>',
      },
    })
  })

  it('sends a web address instead of pasted text when both are given', () => {
    const request = importRequest(
      input({ url: ' https://example.com/list.xml ', data: 'ignored' }),
      NO_CHOICES,
      'commit',
    )
    expect(request.body).toEqual({ source: 'bricklink', mode: 'commit', url: 'https://example.com/list.xml' })
  })

  it('sends no web address for a source without the field (one typed before switching)', () => {
    const request = importRequest(
      input({ source: 'csv', url: 'https://example.com/a.csv', data: 'a,b' }),
      NO_CHOICES,
      'preview',
    )
    expect(request.body).toEqual({ source: 'csv', mode: 'preview', data: 'a,b' })
  })

  it('uploads chosen files as multipart, each in field file, choices as fields, resolutions as JSON text', async () => {
    const files = [new File(['themes'], 'themes.csv'), new File(['sets'], 'sets.csv')]
    const { form, body } = importRequest(
      input({ source: 'rebrickable', files, data: 'ignored' }),
      { target: 'catalogue', replace: false, resolutions: { '75192': 7 } },
      'preview',
    )
    expect(body).toBeUndefined()
    expect(form?.get('source')).toBe('rebrickable')
    expect(form?.get('mode')).toBe('preview')
    expect(form?.get('target')).toBe('catalogue')
    expect(form?.get('replace')).toBe('false')
    expect(form?.get('resolutions')).toBe('[{"number":"75192","itemId":7}]')
    expect(form?.has('data')).toBe(false)
    const sent = form?.getAll('file') as File[]
    expect(sent.map((file) => file.name)).toEqual(['themes.csv', 'sets.csv'])
    expect(await sent[1]?.text()).toBe('sets')
  })
})

describe('choicesBody', () => {
  it('leaves resolutions out when none was chosen', () => {
    expect(choicesBody({ dateOrder: 'dmy', resolutions: {} })).toEqual({ dateOrder: 'dmy' })
  })
})
