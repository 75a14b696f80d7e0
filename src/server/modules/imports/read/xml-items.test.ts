import { describe, expect, it } from 'vitest'
import { readXmlItems, type XmlItem } from './xml-items.ts'

async function items(text: string | string[]): Promise<XmlItem[]> {
  const chunks = Array.isArray(text) ? text : [text]
  const out: XmlItem[] = []
  for await (const item of readXmlItems(
    (async function* () {
      yield* chunks
    })(),
  ))
    out.push(item)
  return out
}

describe('readXmlItems', () => {
  it('gives each item its fields by upper-cased tag and the line of its opening tag', async () => {
    const text =
      '<?xml version="1.0"?>\n<INVENTORY>\n  <ITEM>\n    <ITEMTYPE>S</ITEMTYPE><ITEMID>75192-1</ITEMID>\n  </ITEM>\n  <item><itemid>sw0001a</itemid></item>\n</INVENTORY>\n'
    expect(await items(text)).toEqual([
      { fields: { ITEMTYPE: 'S', ITEMID: '75192-1' }, line: 3 },
      { fields: { ITEMID: 'sw0001a' }, line: 6 },
    ])
  })

  it("keeps BrickLink's unescaped & and decodes XML's own entities, but no others", async () => {
    const [item] = await items(
      '<INVENTORY><ITEM><REMARKS>Brick & Mortar &amp; Co &#40;NL&#41; &nbsp;</REMARKS></ITEM></INVENTORY>',
    )
    expect(item?.fields.REMARKS).toBe('Brick & Mortar & Co (NL) &nbsp;')
  })

  it('reads raw HTML inside a field as its text, with line breaks for <br> and <p>', async () => {
    const [item] = await items(
      '<INVENTORY><ITEM><DESCRIPTION>Box has <b>minor</b> wear<br>ships <i>boxed</p><p>fast</DESCRIPTION><QTY>2</QTY></ITEM></INVENTORY>',
    )
    expect(item?.fields).toEqual({ DESCRIPTION: 'Box has minor wear\nships boxed\nfast', QTY: '2' })
  })

  it('reads CDATA as text', async () => {
    const [item] = await items('<INVENTORY><ITEM><REMARKS><![CDATA[a < b & c]]></REMARKS></ITEM></INVENTORY>')
    expect(item?.fields.REMARKS).toBe('a < b & c')
  })

  it('counts lines across chunks split anywhere', async () => {
    const text =
      '<INVENTORY>\n<ITEM><ITEMID>1</ITEMID></ITEM>\n\n<ITEM><ITEMID>2</ITEMID></ITEM>\n</INVENTORY>'
    for (let cut = 1; cut < text.length; cut++) {
      expect(
        (await items([text.slice(0, cut), text.slice(cut)])).map((item) => item.line),
        `cut at ${cut}`,
      ).toEqual([2, 4])
    }
  })

  it('refuses a document type declaration before any entity could be defined or used', async () => {
    await expect(
      items(
        '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;">]><INVENTORY><ITEM><ITEMID>&lol1;</ITEMID></ITEM></INVENTORY>',
      ),
    ).rejects.toThrow('This XML file declares a document type')
    await expect(items('<INVENTORY><!ENTITY x "y"><ITEM/></INVENTORY>')).rejects.toThrow(
      'declares a document type',
    )
  })

  it('refuses a document whose root never closes: the file was cut off', async () => {
    await expect(items('<INVENTORY>\n<ITEM><ITEMID>1</ITEMID></ITEM>\n<ITEM><ITEMID>2</ITE')).rejects.toThrow(
      'The file ends in the middle of line 3: it looks cut off.',
    )
    await expect(items('<INVENTORY>\n<ITEM><ITEMID>1</ITEMID></ITEM>\n')).rejects.toThrow('cut off')
  })

  it('accepts a mis-nested tag inside a field without calling the file cut off', async () => {
    const found = await items('<INVENTORY><ITEM><REMARKS>a<b>bold</REMARKS><QTY>1</QTY></ITEM></INVENTORY>')
    expect(found[0]?.fields).toEqual({ REMARKS: 'abold', QTY: '1' })
  })
})
