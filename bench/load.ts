import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { type CpuPerRequest, countCpu } from './cpu.ts'

export interface LoadResult {
  requestsPerSecond: number
  /** Requests answered in all. */
  requests: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  /** What each request cost the CPU, when the server's pid was given (Linux). */
  cpu?: CpuPerRequest
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH'
  path: string
  /**
   * `{{n}}` in it becomes a text no other request of any run has, so a write can be new every time;
   * `{{quantity}}` one of 1–3 that changes with it.
   */
  body?: string
  headers?: Record<string, string>
}

/** Each drive's requests are numbered apart from every other drive's, also across runs on one database. */
const runId = `${Date.now().toString(36)}-${process.pid}`
let drives = 0

/**
 * Drives one endpoint on loopback with `wrk` (Debian's package `wrk`); each request is the next of `requests`,
 * round robin. wrk, written in C, costs the two cores a tenth of what a load generator in Node did (autocannon:
 * 0.44 ms of CPU per 48 KB collection page against 0.08, ADR 035), and a p99 at 50 connections is bound by
 * the CPU left to the server and PostgreSQL.
 */
export async function drive(options: {
  baseUrl: string
  requests: RequestSpec[]
  connections: number
  durationSeconds: number
  /** Count the CPU of this server process, PostgreSQL and the load generator while the row runs. */
  serverPid?: number
}): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-bench-wrk-'))
  const script = path.join(dir, 'requests.lua')
  writeFileSync(script, wrkScript(options.requests, `${runId}-${drives++}-`))
  try {
    const stopCounting = countCpu(options.serverPid)
    const { stdout } = await promisify(execFile)(
      'wrk',
      [
        '--threads',
        '1',
        '--connections',
        String(options.connections),
        '--duration',
        `${options.durationSeconds}s`,
        '--timeout',
        '10s',
        '--script',
        script,
        options.baseUrl,
      ],
      { maxBuffer: 1 << 20 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new Error('npm run bench drives the server with wrk: install it first (apt-get install -y wrk)')
      throw error
    })
    const line = stdout.split('\n').find((text) => text.startsWith(RESULT_PREFIX))
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`)
    const result = JSON.parse(line.slice(RESULT_PREFIX.length)) as LoadResult
    return { ...result, cpu: stopCounting?.(result.requests) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const RESULT_PREFIX = 'bench-result '

/**
 * A wrk script sending `requests` in turn, each written once unless its body changes with every request, and
 * printing the result as one line of JSON. wrk counts a status of 400 or more as a status error and latencies
 * in microseconds.
 */
function wrkScript(requests: RequestSpec[], numberPrefix: string): string {
  // A JSON string is a Lua string for what paths, headers and bodies hold (ASCII, quotes, backslashes).
  const lua = (text: string) => JSON.stringify(text)
  const specs = requests.map((spec) => {
    const headers = {
      ...spec.headers,
      ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
    }
    const headerTable = Object.entries(headers)
      .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
      .join(', ')
    return `{ method = ${lua(spec.method)}, path = ${lua(spec.path)}, headers = { ${headerTable} }, body = ${
      spec.body === undefined ? 'nil' : lua(spec.body)
    } }`
  })
  return `
local specs = {
${specs.join(',\n')}
}
local written = {}
local sent = 0

-- After wrk has set its Host header, which the requests written here need.
init = function()
  for i, spec in ipairs(specs) do
    if spec.body == nil or not spec.body:find("{{", 1, true) then
      written[i] = wrk.format(spec.method, spec.path, spec.headers, spec.body)
    end
  end
end

request = function()
  local i = (sent % #specs) + 1
  sent = sent + 1
  if written[i] then return written[i] end
  local spec = specs[i]
  local body = spec.body:gsub("{{n}}", ${lua(numberPrefix)} .. sent):gsub("{{quantity}}", tostring(1 + sent % 3))
  local headers = {}
  for name, value in pairs(spec.headers) do headers[name] = value end
  return wrk.format(spec.method, spec.path, headers, body)
end

done = function(summary, latency)
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    '${RESULT_PREFIX}{"requestsPerSecond":%.1f,"requests":%d,"p50":%.1f,"p99":%.1f,"errors":%d,"non2xx":%d}\\n',
    summary.requests / seconds, summary.requests, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.connect + e.read + e.write + e.timeout, e.status))
end
`
}
