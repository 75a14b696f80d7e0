/**
 * Development with hot reload: the API under `tsx watch` on API_PORT (default 3001) and the Vite
 * dev server on PORT (default 3000), which proxies /api and /healthz to the API. Ctrl+C (SIGINT) or
 * SIGTERM stops both; if either exits on its own, the other is stopped too. The API logs one readable line
 * per request (its standard output is this terminal, so LOG_FORMAT's `auto` picks the pretty format).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = (name: string) => path.join(root, 'node_modules/.bin', name)
const apiPort = process.env.API_PORT || '3001'
const webPort = process.env.PORT || '3000'

const children: ChildProcess[] = []
let stopping = false
let exitCode = 0

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' })
  children.push(child)
  child.on('error', (error) => {
    console.error(`[dev] ${name} could not start:`, error.message)
    stop('SIGTERM', 1)
  })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? `code ${code}`}); stopping the rest.`)
      stop('SIGTERM', code ?? 1)
    }
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(exitCode)
  })
}

/** Stops the children: with `signal`, or none when they were sent the same signal already. */
function stop(signal: NodeJS.Signals | null, code: number): void {
  if (stopping) return
  stopping = true
  exitCode = code
  for (const child of children) {
    if (signal && child.exitCode === null && child.signalCode === null) child.kill(signal)
  }
  // A child that ignores the signal must not keep the terminal hostage; the API drains for up to 10 s.
  setTimeout(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    process.exit(exitCode)
  }, 12_000).unref()
}

// Ctrl+C in a terminal reaches every process in its foreground group, the children included: passed on, it
// would arrive twice (tsx watch kills the API at once on a second signal, and the API takes a second signal
// as "exit now" rather than draining). A SIGINT sent to this process alone (no terminal) is passed on.
process.on('SIGINT', () => stop(process.stdin.isTTY ? null : 'SIGINT', 0))
process.on('SIGTERM', () => stop('SIGTERM', 0))

console.log(`[dev] API on http://127.0.0.1:${apiPort}, web app on http://localhost:${webPort}`)
start('API', bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: apiPort,
  NODE_ENV: 'development',
})
start('Vite', bin('vite'), ['--port', webPort, '--strictPort'], { API_PORT: apiPort })
