import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, inject } from 'vitest'

// The operator CLI as an operator runs it beside a server: a process of its own, on the server's
// data directory and the run's database, judged by its exit code, stdout and stderr (DESIGN 3).

const run = promisify(execFile)

export interface CliOutcome {
  code: number
  stdout: string
  stderr: string
}

/** Runs a program to its end; a failed exit is an outcome to assert on, not an error. */
export async function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliOutcome> {
  try {
    const { stdout, stderr } = await run(command, args, { env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as CliOutcome
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** The environment that points the CLI at a server's data: its directory, and the run's database. */
export function cliEnv(dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: inject('databaseUrl') ?? '' }
}

/** The built `bin/daybook.js`, as installed. */
export const daybookBin = path.resolve('bin/daybook.js')

/**
 * `daybook <args>` on the data in `dataDir`, run to its end. From the sources (through tsx) it
 * needs no build of the CLI.
 */
export function operatorCli(
  dataDir: string,
  options: { fromSources?: boolean } = {},
): (...args: string[]) => Promise<CliOutcome> {
  const entry = options.fromSources ? ['--import', 'tsx', 'src/cli/main.ts'] : [daybookBin]
  return (...args) => runToEnd(process.execPath, [...entry, ...args], cliEnv(dataDir))
}

/** What a command printed on stdout; any exit but 0 fails the test with its stderr. */
export function printed(outcome: CliOutcome): string {
  expect(outcome.code, outcome.stderr).toBe(0)
  return outcome.stdout
}

/** The one JSON line a successful command printed. */
export function json(outcome: CliOutcome) {
  expect(outcome.code, outcome.stderr).toBe(0)
  expect(outcome.stdout.trim().split('\n')).toHaveLength(1)
  return JSON.parse(outcome.stdout)
}

/** A refusal as DESIGN 3 has it: nothing on stdout, one line on stderr, and no stack trace. */
export function refused(outcome: CliOutcome, code = 1): string {
  expect(outcome.code, outcome.stdout).toBe(code)
  expect(outcome.stdout).toBe('')
  const lines = outcome.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  return lines[0] as string
}
