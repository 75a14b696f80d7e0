import { describe, expect, it } from 'vitest'
import { type JsonItem, readJsonItems } from './json-items.ts'

async function items(text: string | string[]): Promise<JsonItem[]> {
  const chunks = Array.isArray(text) ? text : [text]
  const out: JsonItem[] = []
  for await (const item of readJsonItems(
    (async function* () {
      yield* chunks
    })(),
  ))
    out.push(item)
  return out
}

describe('readJsonItems', () => {
  it('reads an array of items, each with the line it starts on', async () => {
    expect(await items('[\n  {"name": "Café"},\n  {\n    "name": "b"\n  }, 3\n]')).toEqual([
      { value: { name: 'Café' }, line: 2 },
      { value: { name: 'b' }, line: 3 },
      { value: 3, line: 5 },
    ])
  })

  it('reads { "items": [...] } and ignores the other keys, nested arrays included', async () => {
    const text = '{\n"meta": {"items": [9]},\n"items": [\n{"a": [1, {"b": 2}]},\n{"a": 2}\n],\n"more": [7]\n}'
    expect(await items(text)).toEqual([
      { value: { a: [1, { b: 2 }] }, line: 4 },
      { value: { a: 2 }, line: 5 },
    ])
  })

  it('counts lines by bytes, whatever the characters, across chunks split anywhere', async () => {
    const text = '[\n{"n": "€€€"},\n\n{"n": "é"}\n]'
    const bytes = Buffer.from(text)
    for (let cut = 1; cut < text.length; cut++) {
      expect(
        (await items([text.slice(0, cut), text.slice(cut)])).map((item) => item.line),
        `cut at ${cut}`,
      ).toEqual([2, 4])
    }
    expect(bytes.length).toBeGreaterThan(text.length)
  })

  it('refuses JSON without a list of items', async () => {
    await expect(items('{"sets": []}')).rejects.toThrow('This JSON has no list of items')
    await expect(items('"just text"')).rejects.toThrow('This JSON has no list of items')
  })

  it('refuses a file cut off, and invalid JSON with its line', async () => {
    await expect(items('[\n{"a": 1},\n{"a": 2')).rejects.toThrow(
      'The file ends in the middle of line 3: it looks cut off.',
    )
    await expect(items('[\n{"a": "unfinished')).rejects.toThrow('cut off')
    await expect(items('[\n{"a": 1},\n{"a": x}\n]')).rejects.toThrow('This JSON is not valid on line 3')
  })
})
