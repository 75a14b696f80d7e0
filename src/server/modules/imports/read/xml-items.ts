import { Parser } from 'htmlparser2'
import { ImportFileError } from '../import-file-error.ts'
import { cutOff } from './csv-records.ts'
import { LineCounter } from './line-counter.ts'

/**
 * The items of a flat XML document (`<ROOT><ITEM><TAG>text</TAG>…</ITEM>…</ROOT>`, BrickLink's shape),
 * streamed through htmlparser2 in XML mode. That parser expands no entities beyond XML's five and numeric
 * references, loads nothing external, and does not stop at markup errors, so BrickLink's unescaped `&`
 * stays a `&` and raw HTML inside REMARKS or DESCRIPTION stays inside that field (as its text, with <br>
 * and <p> as line breaks). A document type declaration is refused outright: BrickLink files never have
 * one, and it is how an entity bomb ("billion laughs") would arrive. A root that never closes means the
 * file was cut off.
 */
export interface XmlItem {
  /** Each child element's text by its upper-cased tag name. */
  fields: Record<string, string>
  /** The line of the item's opening tag. */
  line: number
}

export const DOCTYPE_REFUSED =
  'This XML file declares a document type (<!DOCTYPE> or <!ENTITY>). BrickLink files never have one, and it can hide entity tricks, so it is not read: remove the declaration, or export the file again.'

const LINE_BREAK_TAGS = new Set(['BR', 'P', 'DIV', 'LI'])

export async function* readXmlItems(text: AsyncIterable<string>): AsyncGenerator<XmlItem> {
  const lines = new LineCounter()
  const ready: XmlItem[] = []
  let failure: Error | undefined
  let depth = 0
  let item: XmlItem | undefined
  let field: { name: string; text: string } | undefined
  let charsRead = 0
  let ending = false
  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        if (/^!(doctype|entity)/i.test(name))
          failure ??= new ImportFileError(DOCTYPE_REFUSED, 'XML_DOCTYPE_REFUSED')
      },
      onopentag(rawName) {
        const name = rawName.toUpperCase()
        depth++
        if (depth === 2) {
          item = { fields: {}, line: lines.lineAt(parser.startIndex) }
        } else if (depth === 3 && item) field = { name, text: '' }
        else if (depth > 3 && field && LINE_BREAK_TAGS.has(name) && field.text !== '') field.text += '\n'
      },
      ontext(data) {
        if (field) field.text += data
      },
      onclosetag(_name, isImplied) {
        // At the end, htmlparser2 closes what is still open: an unclosed root means the file stops short.
        if (ending && isImplied) failure ??= cutOff(lines.lineAt(Math.max(0, charsRead - 1)))
        if (depth === 3 && item && field) {
          item.fields[field.name] = field.text
          field = undefined
        } else if (depth === 2 && item) {
          ready.push(item)
          item = undefined
        }
        depth--
      },
    },
    { xmlMode: true, decodeEntities: true },
  )
  for await (const chunk of text) {
    lines.push(chunk)
    charsRead += chunk.length
    parser.write(chunk)
    if (failure) throw failure
    yield* ready.splice(0)
  }
  ending = true
  parser.end()
  if (failure) throw failure
  yield* ready.splice(0)
}
