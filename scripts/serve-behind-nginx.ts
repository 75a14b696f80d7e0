/**
 * `npm run serve:nginx`: several app instances behind nginx on this machine, as deploy/nginx/brickfolio.conf
 * runs them in production (README, "Running several instances"). It starts the instances on loopback, each
 * with TRUST_PROXY=1 and PUBLIC_URL the proxy's address, on the PostgreSQL of DATABASE_URL; then nginx, as
 * this user, in the foreground, on a configuration in a folder of its own; prints the address once all
 * answer; and on Ctrl-C or SIGTERM stops nginx, then the instances (each drains), and removes the folder.
 *
 *   DATABASE_URL=postgres://… npm run serve:nginx -- [--instances 2] [--port 8080] [--app-port 3101] [--no-build]
 *
 * `--port 0` and `--app-port 0` take free ports. An instance that stops is reported and the others carry
 * on (nginx sends its requests elsewhere); when none is left, or nginx stops, everything stops.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { findNginx, mainConfig, readSiteConfig } from './nginx-config.ts'

const root = path.join(import.meta.dirname, '..')
const HOST = '127.0.0.1'
const READY_WITHIN_MS = 120_000
const STOP_WITHIN_MS = 15_000

interface Options {
  instances: number
  port: number
  appPort: number
  build: boolean
}

function parseOptions(args: string[]): Options {
  const options: Options = { instances: 2, port: 8080, appPort: 3101, build: true }
  const number = (flag: string, value: string | undefined, min: number, max: number) => {
    const parsed = Number(value)
    if (!Number.isInteger(parsed) || parsed < min || parsed > max)
      fail(`${flag} takes a whole number from ${min} to ${max}, not ${value ?? 'nothing'}`)
    return parsed
  }
  for (let index = 0; index < args.length; index++) {
    const flag = args[index]
    if (flag === '--instances') options.instances = number(flag, args[++index], 1, 32)
    else if (flag === '--port') options.port = number(flag, args[++index], 0, 65535)
    else if (flag === '--app-port') options.appPort = number(flag, args[++index], 0, 65535)
    else if (flag === '--no-build') options.build = false
    else fail(`unknown option ${flag}; options: --instances N, --port P, --app-port P, --no-build`)
  }
  return options
}

function fail(message: string): never {
  console.error(`serve:nginx: ${message}`)
  process.exit(1)
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** Passes a child's output on, each line marked with whose it is. */
function relay(child: ChildProcess, label: string): void {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (stream) createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`))
  }
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null

async function waitUntilAnswers(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS
  while (Date.now() < deadline) {
    if (!running(child)) throw new Error(`${what} stopped before it answered (exit ${child.exitCode})`)
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${what} did not answer ${url} within ${READY_WITHIN_MS / 1000} s`)
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (!running(child)) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS)
  await exited
  clearTimeout(timer)
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2))
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl)
    fail(
      'set DATABASE_URL=postgres://… : the instances share one PostgreSQL (they cannot share the embedded PGlite)',
    )
  const nginx = findNginx()
  if (!nginx) fail('nginx is not installed: `apt-get install nginx`, or set NGINX to its path')

  if (options.build) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-web-if-needed.ts'], {
      cwd: root,
      stdio: 'inherit',
    })
    if (built.status !== 0) process.exit(built.status ?? 1)
  }

  const port = options.port || (await freePort())
  const appPorts: number[] = []
  for (let index = 0; index < options.instances; index++)
    appPorts.push(options.appPort ? options.appPort + index : await freePort())
  const publicUrl = process.env.PUBLIC_URL || `http://${HOST}:${port}`

  // Everything nginx writes. Readable by all: run as root, nginx's workers are `nobody` and write temp files here.
  const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-nginx-'))
  chmodSync(dir, 0o755)
  mkdirSync(path.join(dir, 'temp'))
  const siteFile = path.join(dir, 'brickfolio.conf')
  const configFile = path.join(dir, 'nginx.conf')
  writeFileSync(
    siteFile,
    readSiteConfig({ listen: `${HOST}:${port}`, upstreams: appPorts.map((appPort) => `${HOST}:${appPort}`) }),
  )
  writeFileSync(configFile, mainConfig({ dir, siteFile }))

  const instances: { name: string; child: ChildProcess; port: number }[] = []
  let nginxProcess: ChildProcess | undefined
  let stopping = false

  const stopAll = async (code: number) => {
    if (stopping) return
    stopping = true
    // nginx first, so no request reaches an instance that is stopping; a fast stop (SIGTERM), since a graceful
    // one would wait for the open notification streams. Then each instance drains as on any SIGTERM.
    if (nginxProcess) await stopChild(nginxProcess, 'SIGTERM')
    await Promise.all(instances.map(({ child }) => stopChild(child, 'SIGTERM')))
    rmSync(dir, { recursive: true, force: true })
    process.exit(code)
  }
  process.on('SIGINT', () => void stopAll(0))
  process.on('SIGTERM', () => void stopAll(0))
  // Should this process end any other way, its children end with it.
  process.on('exit', () => {
    for (const child of [nginxProcess, ...instances.map((instance) => instance.child)])
      if (child && running(child)) child.kill('SIGKILL')
  })

  const startInstance = (index: number) => {
    const name = `app ${index + 1}`
    const own = `instance-${String(index + 1).padStart(2, '0')}`
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      // A process group of its own: Ctrl-C reaches this script only, which stops everything in order.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(appPorts[index]),
        HOST,
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: '1',
        PUBLIC_URL: publicUrl,
        // Each instance runs the import jobs whose files are in its own IMPORT_DIR (README, Configuration).
        IMPORT_DIR: process.env.IMPORT_DIR
          ? path.join(process.env.IMPORT_DIR, own)
          : path.join('data', 'instances', own, 'imports'),
      },
    })
    relay(child, name)
    instances.push({ name, child, port: appPorts[index] as number })
    child.on('exit', (code, signal) => {
      if (stopping) return
      const left = instances.filter((instance) => running(instance.child)).length
      console.error(
        `serve:nginx: ${name} stopped (${signal ?? `exit ${code}`}); ${left} of ${instances.length} still serving`,
      )
      if (left === 0) void stopAll(1)
    })
    return waitUntilAnswers(`http://${HOST}:${appPorts[index]}/readyz`, child, name)
  }

  try {
    // The first alone: it migrates and seeds a new database; the others then start together.
    await startInstance(0)
    await Promise.all(appPorts.slice(1).map((_port, index) => startInstance(index + 1)))

    const nginxArgs = ['-e', 'stderr', '-p', dir, '-c', configFile]
    const checked = spawnSync(nginx, ['-t', '-q', ...nginxArgs], { encoding: 'utf8' })
    if (checked.status !== 0) throw new Error(`nginx refused the configuration:\n${checked.stderr}`)
    nginxProcess = spawn(nginx, [...nginxArgs, '-g', 'daemon off;'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    relay(nginxProcess, 'nginx')
    nginxProcess.on('exit', (code, signal) => {
      if (stopping) return
      console.error(`serve:nginx: nginx stopped (${signal ?? `exit ${code}`}); stopping the instances`)
      void stopAll(1)
    })
    await waitUntilAnswers(`http://${HOST}:${port}/healthz`, nginxProcess, 'nginx')
  } catch (error) {
    console.error(`serve:nginx: ${error instanceof Error ? error.message : String(error)}`)
    await stopAll(1)
    return
  }

  console.log(
    [
      `Brickfolio is serving http://${HOST}:${port} through nginx (${nginx}), in front of ${instances.length} instances:`,
      ...instances.map(
        ({ child, port: appPort }, index) =>
          `  instance ${index + 1}  http://${HOST}:${appPort}  (pid ${child.pid})`,
      ),
      `Each runs with TRUST_PROXY=1 and PUBLIC_URL=${publicUrl}.`,
      `nginx's configuration: ${configFile} (deploy/nginx/brickfolio.conf with these addresses).`,
      'Ctrl-C stops everything.',
    ].join('\n'),
  )
}

await main()
