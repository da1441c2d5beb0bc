import { readFile } from 'node:fs/promises'
import { buildCore, type Core } from '../app.js'
import { loadConfig } from '../config.js'
import { isUuid } from '../kernel/ids.js'
import { limits } from '../kernel/limits.js'
import type { Result } from '../kernel/result.js'

// Every command prints one JSON object on stdout and exits 0, or one line on stderr and exits 1;
// bad usage exits 2 (DESIGN 3).
export class CliFailure extends Error {}

export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
}

export function printJson(io: CliIo, value: unknown): void {
  io.out(JSON.stringify(value))
}

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new CliFailure(result.error.message)
  return result.value
}

/** `\r12,000 / 100,000 rows` on stderr, only when stderr is a terminal and the run is long. */
export function terminalProgress() {
  let shown = false
  return {
    report(done: number, total: number) {
      if (!process.stderr.isTTY || total < limits.cliProgressRowsMin) return
      shown = true
      process.stderr.write(`\r${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} rows`)
    },
    end() {
      if (shown) process.stderr.write('\n')
    },
  }
}

export function requireUuid(option: string, value: string): string {
  // PostgreSQL would refuse a malformed id with a database error rather than a clear line.
  if (!isUuid(value)) throw new CliFailure(`${option} must be a UUID, not ${JSON.stringify(value)}.`)
  return value
}

export function requireLimit(value: string, limitMax: number): number {
  const limit = Number(value)
  if (!Number.isInteger(limit) || limit < 1 || limit > limitMax)
    throw new CliFailure(`--limit must be a whole number from 1 to ${limitMax}, not ${value}.`)
  return limit
}

export async function readTextFile(filePath: string): Promise<string> {
  try {
    return await readFile(filePath, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new CliFailure(`Cannot read ${filePath}: ${reason}.`)
  }
}

export async function requireOrganizationNamed(core: Core, name: string) {
  const organization = await core.services.organizations.findByName(name)
  if (!organization) throw new CliFailure(`No organization is named ${JSON.stringify(name)}.`)
  return organization
}

export async function withCore<T>(work: (core: Core) => Promise<T>): Promise<T> {
  const core = await buildCore(loadConfig())
  try {
    return await work(core)
  } finally {
    await core.close()
  }
}
