import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time spent while a row runs, per request: the server's, PostgreSQL's (every `postgres` process on the
 * machine: backends, WAL writer, checkpointer) and the load generator's (this process and `wrk`). A p99 at 50 connections
 * is bound by throughput (Little's law: 50 requests are always waiting), so it moves with the machine; the CPU
 * each request costs does not, and says where the time goes. Read from `/proc`, so Linux only.
 */
export interface CpuPerRequest {
  serverMs: number
  postgresMs: number
  loadMs: number
}

/** `/proc/<pid>/stat` counts in clock ticks, which Linux shows user space as 100 per second on every platform. */
const TICK_MS = 10

/** The fields of `/proc/<pid>/stat` after the command name, which, in parentheses, may hold spaces. */
function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined
  }
}

/** User + system CPU of one process in milliseconds, or 0 once it has exited. */
function processCpuMs(pid: number): number {
  const fields = statFields(pid)
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0
}

/** This process's CPU and its exited children's: the load generator, `wrk`, runs as a child until its row ends. */
function loadCpuMs(): number {
  const fields = statFields('self') ?? []
  return [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0) * TICK_MS
}

/** The CPU of every `postgres` process, by pid. */
function postgresCpu(): Map<number, number> {
  const cpu = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue
    } catch {
      continue
    }
    cpu.set(Number(entry), processCpuMs(Number(entry)))
  }
  return cpu
}

/**
 * Starts counting the CPU of the server `serverPid`, PostgreSQL and this process; call the returned function
 * with the number of requests answered meanwhile. Undefined where there is no `/proc`.
 */
export function countCpu(serverPid: number | undefined): ((requests: number) => CpuPerRequest) | undefined {
  if (process.platform !== 'linux' || serverPid === undefined) return undefined
  const server = processCpuMs(serverPid)
  const postgres = postgresCpu()
  const load = loadCpuMs()
  return (requests) => {
    let postgresMs = 0
    // A backend that started meanwhile counts from 0; one that exited meanwhile is lost (the pool keeps its own).
    for (const [pid, now] of postgresCpu()) postgresMs += now - (postgres.get(pid) ?? 0)
    const per = (ms: number) => (requests > 0 ? ms / requests : 0)
    return {
      serverMs: per(processCpuMs(serverPid) - server),
      postgresMs: per(postgresMs),
      loadMs: per(loadCpuMs() - load),
    }
  }
}
