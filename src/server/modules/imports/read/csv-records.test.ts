import { describe, expect, it } from 'vitest'
import { type CsvRecord, readCsvRecords } from './csv-records.ts'
import type { Delimiter } from './sniff.ts'

async function records(
  text: string | string[],
  delimiter: Delimiter = ',',
  skipLines = 0,
): Promise<CsvRecord[]> {
  const chunks = Array.isArray(text) ? text : [text]
  const out: CsvRecord[] = []
  for await (const record of readCsvRecords(
    (async function* () {
      yield* chunks
    })(),
    { delimiter, skipLines },
  ))
    out.push(record)
  return out
}

describe('readCsvRecords', () => {
  it('reads quoted delimiters, doubled quotes and line breaks, each record with the line it starts on', async () => {
    const text =
      'Number,Set name,Notes\n"40452-1","Fawkes, Dumbledore\'s Phoenix","said ""wow""\nand more\nlines"\n10276-1,Colosseum,\n'
    expect(await records(text)).toEqual([
      { fields: ['Number', 'Set name', 'Notes'], line: 1 },
      { fields: ['40452-1', "Fawkes, Dumbledore's Phoenix", 'said "wow"\nand more\nlines'], line: 2 },
      { fields: ['10276-1', 'Colosseum', ''], line: 5 },
    ])
  })

  it('skips blank lines (Brickset’s trailing ones) and keeps counting them', async () => {
    expect(await records('a,b\n\n1,2\n\n\n')).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['1', '2'], line: 3 },
    ])
  })

  it('keeps short and long rows as they are (the caller rejects them with their line)', async () => {
    expect(await records('a,b,c\n1,2\n1,2,3,4\n')).toEqual([
      { fields: ['a', 'b', 'c'], line: 1 },
      { fields: ['1', '2'], line: 2 },
      { fields: ['1', '2', '3', '4'], line: 3 },
    ])
  })

  it('keeps a stray quote inside a value as text', async () => {
    expect((await records('a,b\n12" figure,x\n'))[1]?.fields).toEqual(['12" figure', 'x'])
  })

  it('reads semicolons and tabs, and skips an Excel sep= line', async () => {
    expect((await records('a;b\n"1;5";2\n', ';'))[1]?.fields).toEqual(['1;5', '2'])
    expect((await records('a\tb\n1\t2\n', '\t'))[1]?.fields).toEqual(['1', '2'])
    expect(await records('sep=;\na;b\n1;2\n', ';', 1)).toEqual([
      { fields: ['a', 'b'], line: 2 },
      { fields: ['1', '2'], line: 3 },
    ])
  })

  it('reads records split across chunks anywhere', async () => {
    const text = 'Number,Name\n"75192-1","Millennium, Falcon"\n10276-1,Colosseum\n'
    for (let cut = 1; cut < text.length; cut++) {
      expect(await records([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual([
        { fields: ['Number', 'Name'], line: 1 },
        { fields: ['75192-1', 'Millennium, Falcon'], line: 2 },
        { fields: ['10276-1', 'Colosseum'], line: 3 },
      ])
    }
  })

  it('accepts a last line without a line end when it is whole', async () => {
    expect((await records('a,b\n1,2')).length).toBe(2)
    expect((await records('a,b')).length).toBe(1)
  })

  it('refuses a file that ends in the middle of a row or of a quoted value', async () => {
    await expect(records('a,b,c\n1,2,3\n4,5')).rejects.toThrow(
      'The file ends in the middle of line 3: it looks cut off. Export it again.',
    )
    await expect(records('a,b\n1,"still\ngoing')).rejects.toThrow('The file ends in the middle of line 3')
  })
})
