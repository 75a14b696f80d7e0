import Tokenizer from '@streamparser/json/tokenizer.js'
import TokenParser from '@streamparser/json/tokenparser.js'
import type { JsonPrimitive, JsonStruct } from '@streamparser/json/utils/types/jsonTypes.js'
import type { ParsedTokenInfo } from '@streamparser/json/utils/types/parsedTokenInfo.js'
import TokenType from '@streamparser/json/utils/types/tokenType.js'
import { ImportFileError } from '../import-file-error.ts'
import { cutOff } from './csv-records.ts'
import { LineCounter } from './line-counter.ts'

/**
 * The items of a JSON file, streamed through @streamparser/json: an array of items, or an object whose
 * `items` is that array. Each item is handed over as soon as it is complete and then dropped by the parser
 * (`keepStack: false`), so a 100 MB file never sits in memory. The tokenizer reports byte positions, so the
 * text is fed as UTF-8 bytes and a byte-based line counter gives each item the line its first token is on.
 */
export interface JsonItem {
  value: JsonPrimitive | JsonStruct
  line: number
}

const VALUE_STARTS = new Set<TokenType>([
  TokenType.LEFT_BRACE,
  TokenType.LEFT_BRACKET,
  TokenType.STRING,
  TokenType.NUMBER,
  TokenType.TRUE,
  TokenType.FALSE,
  TokenType.NULL,
])

const NO_ITEMS =
  'This JSON has no list of items: give an array of items, or an object with an "items" array ({ "items": [ … ] }).'

export async function* readJsonItems(text: AsyncIterable<string>): AsyncGenerator<JsonItem> {
  const lines = new LineCounter()
  const ready: JsonItem[] = []
  let failure: Error | undefined
  let bytesRead = 0
  let tokenParser: TokenParser | undefined
  const tokenizer = new Tokenizer()
  // Where the items are: depth 1 in a root array, depth 2 inside a root object's "items".
  let depth = 0
  let itemsDepth: number | undefined
  let lastKey: string | undefined
  let expectingKey = false
  let itemLine = 1
  let sawItems = false

  const invalid = (error: Error) => {
    const position = /absolute position "(\d+)"/.exec(error.message)?.[1]
    const line = position === undefined ? lines.lineAt(bytesRead) : lines.lineAt(Number(position))
    return new ImportFileError(
      `This JSON is not valid on line ${line}: fix it, or export it again.`,
      'INVALID_JSON',
    )
  }

  tokenizer.onToken = (info: ParsedTokenInfo) => {
    const { token } = info
    if (depth === 0 && token !== TokenType.LEFT_BRACKET && token !== TokenType.LEFT_BRACE) {
      failure ??= new ImportFileError(NO_ITEMS, 'INVALID_JSON')
      return
    }
    if (depth === 0 && !tokenParser) {
      const root = token === TokenType.LEFT_BRACKET ? 'array' : 'object'
      if (root === 'array') {
        itemsDepth = 1
        sawItems = true
      }
      tokenParser = new TokenParser({ paths: [root === 'array' ? '$.*' : '$.items.*'], keepStack: false })
      tokenParser.onValue = ({ value }) => {
        if (value !== undefined) ready.push({ value, line: itemLine })
      }
      tokenParser.onError = (error) => {
        failure ??= invalid(error)
      }
    }
    if (depth === itemsDepth && VALUE_STARTS.has(token)) itemLine = lines.lineAt(info.offset)
    if (depth === 1 && itemsDepth === undefined) {
      if (expectingKey && token === TokenType.STRING) lastKey = String(info.value)
      if (token === TokenType.LEFT_BRACKET && lastKey === 'items') {
        itemsDepth = 2
        sawItems = true
      }
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) depth++
    else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) {
      depth--
      if (itemsDepth !== undefined && depth < itemsDepth) itemsDepth = undefined
    }
    // In the root object a key follows its opening brace or a comma.
    expectingKey = depth === 1 && (token === TokenType.LEFT_BRACE || token === TokenType.COMMA)
    tokenParser?.write(info)
  }
  tokenizer.onError = (error) => {
    failure ??= /ended in the middle/i.test(error.message)
      ? cutOff(lines.lineAt(Math.max(0, bytesRead - 1)))
      : invalid(error)
  }

  for await (const chunk of text) {
    const bytes = Buffer.from(chunk, 'utf8')
    lines.push(bytes)
    bytesRead += bytes.length
    tokenizer.write(bytes)
    if (failure) throw failure
    yield* ready.splice(0)
  }
  tokenizer.end()
  // The token parser ends by itself when the root closes; if it has not, the document stopped short.
  if (!failure && tokenParser && !tokenParser.isEnded) {
    tokenParser.onError = (error) => {
      failure ??= /ended in mid-parsing/i.test(error.message)
        ? cutOff(lines.lineAt(Math.max(0, bytesRead - 1)))
        : invalid(error)
    }
    tokenParser.end()
  }
  if (failure) throw failure
  yield* ready.splice(0)
  if (!sawItems) throw new ImportFileError(NO_ITEMS, 'INVALID_JSON')
}
