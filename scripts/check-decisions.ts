/**
 * Part of `npm run lint`: every decision record starts with its `Date:` and `Status:` lines, a superseded
 * one links its successor, and docs/decisions/README.md lists each record once (DESIGN §10.8).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const folder = path.join(import.meta.dirname, '..', 'docs', 'decisions')
const records = readdirSync(folder).filter((name) => /^\d{3}-[a-z0-9-]+\.md$/.test(name))
const index = readFileSync(path.join(folder, 'README.md'), 'utf8')
const problems: string[] = []

for (const name of records) {
  const text = readFileSync(path.join(folder, name), 'utf8')
  const head = text.split('\n\n').slice(0, 4).join('\n\n')
  if (!/^Date: \d{4}-\d{2}-\d{2}/m.test(head))
    problems.push(`${name}: no 'Date: YYYY-MM-DD' line under the title`)
  const status = /^Status: (Proposed|Accepted|Superseded by \[(\d{3})\]\((\d{3}-[a-z0-9-]+\.md)\))/m.exec(
    head,
  )
  if (!status) problems.push(`${name}: no 'Status: Proposed | Accepted | Superseded by [NNN](NNN-….md)' line`)
  else if (status[3] && !records.includes(status[3]))
    problems.push(`${name}: its successor ${status[3]} is missing`)
  const links = index.split(`](${name})`).length - 1
  if (links !== 1) problems.push(`${name}: listed ${links} times in docs/decisions/README.md (once expected)`)
}

if (problems.length > 0) {
  console.error(`Decision records:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
