/**
 * What kind of text a file is, from its start: XML when its first non-blank character is `<`, JSON when it
 * is `{` or `[`, CSV otherwise, with the delimiter its header line uses most (`,` `;` or tab, counted outside
 * quotes; Excel's `sep=;` first line says it outright).
 */
export type Syntax = 'csv' | 'xml' | 'json'
export type Delimiter = ',' | ';' | '\t'

export interface Sniffed {
  syntax: Syntax
  delimiter: Delimiter
  /** Lines before the header (Excel's `sep=` line). */
  skipLines: number
}

const DELIMITERS: readonly Delimiter[] = [',', ';', '\t']
const EXCEL_SEP_LINE = /^sep=([,;\t])\n/i

function headerDelimiter(line: string): Delimiter {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]))
  let quoted = false
  for (const char of line) {
    if (char === '"') quoted = !quoted
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1)
  }
  let best: Delimiter = ','
  for (const delimiter of DELIMITERS)
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter
  return best
}

export function sniff(prefix: string): Sniffed {
  const first = prefix.trimStart()[0]
  if (first === '<') return { syntax: 'xml', delimiter: ',', skipLines: 0 }
  if (first === '{' || first === '[') return { syntax: 'json', delimiter: ',', skipLines: 0 }
  const sep = EXCEL_SEP_LINE.exec(prefix)
  if (sep) return { syntax: 'csv', delimiter: sep[1] as Delimiter, skipLines: 1 }
  const text = prefix.replace(/^\n+/, '')
  const newline = text.indexOf('\n')
  return {
    syntax: 'csv',
    delimiter: headerDelimiter(newline === -1 ? text : text.slice(0, newline)),
    skipLines: 0,
  }
}
