import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import type pg from 'pg'

// Pinning processes to cores and reading the CPU time they spend, for figures that split one
// machine between a server and its load generator; and a server's peak memory during one request.
// Linux only: everything comes from /proc and taskset (util-linux).

export const allCores = `0-${os.cpus().length - 1}`

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()

interface ProcessStat {
  parentPid: number
  /** utime + stime of the process, and cutime + cstime of the children it has reaped. */
  ticks: number
  command: string
}

function readStat(pid: number): ProcessStat | undefined {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // The command sits in parentheses and may itself hold spaces or parentheses.
  const open = text.indexOf('(')
  const close = text.lastIndexOf(')')
  const fields = text.slice(close + 2).split(' ')
  const field = (index: number) => Number(fields[index])
  return {
    parentPid: field(1),
    ticks: field(11) + field(12) + field(13) + field(14),
    command: text.slice(open + 1, close),
  }
}

/** The process and every descendant it has now, parents before children. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    const stat = readStat(pid)
    if (!stat) continue
    const siblings = children.get(stat.parentPid)
    if (siblings) siblings.push(pid)
    else children.set(stat.parentPid, [pid])
  }
  const tree = [rootPid]
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] as number) ?? []))
  return tree
}

/**
 * CPU time spent so far by a process and its descendants, in milliseconds. A descendant that has
 * exited and been reaped is counted in its parent's children's times, so a delta over an interval
 * keeps what a process spent before it exited.
 */
export function treeCpuMs(rootPid: number): number {
  let ticks = 0
  for (const pid of processTree(rootPid)) ticks += readStat(pid)?.ticks ?? 0
  return (ticks * 1000) / clockTicksPerSecond
}

/**
 * CPU time spent so far by the backends serving one database, in milliseconds: PostgreSQL names
 * the database in each backend's process title. Other databases' backends on the same server
 * (other work on the machine) stay out of the figure; a backend that exits takes its time along.
 */
export function databaseBackendsCpuMs(postmasterPid: number, databaseName: string): number {
  let ticks = 0
  for (const pid of processTree(postmasterPid)) {
    let title: string
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    } catch {
      continue
    }
    if (title.split(/[\s\0]/).includes(databaseName)) ticks += readStat(pid)?.ticks ?? 0
  }
  return (ticks * 1000) / clockTicksPerSecond
}

/**
 * Pins every thread of the processes to `cores` (taskset's list syntax). Threads and processes
 * started later inherit the affinity of the one that starts them. Answers false when any of them
 * could not be pinned.
 */
export function pinProcesses(pids: number[], cores: string): boolean {
  let pinned = true
  for (const pid of pids) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' })
    } catch {
      // A process that exited since the tree was read needs no pinning.
      if (readStat(pid)) pinned = false
    }
  }
  return pinned
}

/**
 * The PostgreSQL server's postmaster, through the backend serving `client`, when that server runs
 * on this machine where this process can see it; undefined otherwise.
 */
export async function localPostmasterPid(client: pg.Client): Promise<number | undefined> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
  // A server elsewhere may have a backend whose number a process here also has.
  const isPostgres = (stat: ProcessStat | undefined) =>
    stat !== undefined && /^postgres|^postmaster/.test(stat.command)
  const backend = readStat(Number(rows[0]?.pid))
  if (!backend || !isPostgres(backend)) return undefined
  return isPostgres(readStat(backend.parentPid)) ? backend.parentPid : undefined
}

export interface ResidentMemory {
  /** Resident set size before the work started, in bytes. */
  idleBytes: number
  /** The most the process held resident while the work ran, in bytes. */
  peakBytes: number
  /** How the peak was found: the kernel's high-water mark, or samples every 20 ms. */
  method: 'high-water mark' | 'sampled'
}

function residentKiB(pid: number): { rss: number; hwm: number } | undefined {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return undefined
  }
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0)
  return { rss: field('VmRSS'), hwm: field('VmHWM') }
}

/**
 * A process's peak resident memory while `work` runs. The kernel's high-water mark is reset first,
 * so a spike between two samples still counts; where the reset is refused (another user's
 * process, an old kernel), samples every 20 ms stand in for it.
 */
export async function watchResident<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; memory: ResidentMemory }> {
  const idle = residentKiB(pid)
  if (!idle) throw new Error(`process ${pid} is not running`)
  let reset = true
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    reset = false
  }
  let sampled = idle.rss
  const sampler = setInterval(() => {
    const now = residentKiB(pid)
    if (now && now.rss > sampled) sampled = now.rss
  }, 20)
  let result: T
  try {
    result = await work()
  } finally {
    clearInterval(sampler)
  }
  const after = residentKiB(pid)
  const peakKiB = Math.max(sampled, after?.rss ?? 0, reset ? (after?.hwm ?? 0) : 0)
  return {
    result,
    memory: {
      idleBytes: idle.rss * 1024,
      peakBytes: peakKiB * 1024,
      method: reset ? 'high-water mark' : 'sampled',
    },
  }
}
