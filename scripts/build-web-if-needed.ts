/**
 * Builds the web app only when dist/web/index.html is missing or older than the newest source file
 * under src/web or src/shared (or vite.config.ts). Used by `npm start`; prints one line.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = path.join(root, 'dist/web/index.html')
const sources = [path.join(root, 'src/web'), path.join(root, 'src/shared'), path.join(root, 'vite.config.ts')]

/** The newest modification time (ms) of any file at or under `entry`; unit tests do not count. */
function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0
  const stats = statSync(entry)
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stats.mtimeMs
  let newest = 0
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)))
  return newest
}

function relative(file: string): string {
  return path.relative(root, file) || '.'
}

async function main(): Promise<void> {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : undefined
  const sourcesAt = Math.max(...sources.map(newestMtime))
  if (builtAt !== undefined && builtAt >= sourcesAt) {
    console.log(`Web app is up to date (${relative(builtIndex)} is newer than its sources); build skipped.`)
    return
  }
  const reason =
    builtAt === undefined ? `${relative(builtIndex)} is missing` : 'sources changed since the last build'
  const started = performance.now()
  const { build } = await import('vite')
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`Built the web app into ${relative(path.dirname(builtIndex))} in ${seconds} s (${reason}).`)
}

main().catch((error: unknown) => {
  console.error('Building the web app failed:', error)
  process.exit(1)
})
