import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The repository whose compiled server the tests run (`npm run build` at its root makes dist/). */
export const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url))

export interface DaybookServer {
  /** The GraphQL endpoint. */
  url: string
  /** An organization of its own and an API key for it, made with the operator CLI. */
  createTenant(name: string): Promise<{ organizationId: string; apiKey: string }>
  stop(): Promise<void>
}

/**
 * The compiled server in its own process, as `npm start` runs it: SQLite in a fresh data
 * directory, a port the system picks, whatever DATABASE_URL the caller's shell holds ignored.
 */
export async function startDaybook(settings: Record<string, string> = {}): Promise<DaybookServer> {
  const entry = path.join(repositoryRoot, 'dist', 'main.js')
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build at the repository's root`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-client-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Nothing here reads receipts, so no process is kept waiting for them.
    JOB_WORKER: 'off',
    ...settings,
  }
  delete env.DATABASE_URL
  const child = spawn(process.execPath, [entry], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // A test run cut short must not leave a server holding its port and data directory.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  child.once('exit', () => process.off('exit', killOnExit))
  let url: string
  try {
    url = await listeningUrl(child)
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }

  const cli = async (...args: string[]): Promise<Record<string, string>> => {
    const { stdout } = await run(
      process.execPath,
      [path.join(repositoryRoot, 'bin', 'daybook.js'), ...args],
      {
        cwd: repositoryRoot,
        env: { ...env, LOG_LEVEL: 'silent' },
      },
    )
    return JSON.parse(stdout) as Record<string, string>
  }

  return {
    url: `${url}/graphql`,
    async createTenant(name) {
      const organization = await cli('org', 'create', '--name', `${name} ${randomBytes(4).toString('hex')}`)
      const apiKey = await cli(
        'api-key',
        'create',
        '--org-id',
        String(organization.id),
        '--name',
        'client tests',
      )
      return { organizationId: String(organization.id), apiKey: String(apiKey.key) }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    let listening = false
    // The request log is not needed once the server listens, but reading it keeps the pipe flowing.
    child.stdout?.on('data', (chunk: Buffer) => {
      if (listening) return
      stdout += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)
      if (match?.[1]) {
        listening = true
        resolve(match[1])
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000)
    })
    child.once('exit', (code, signal) =>
      reject(
        new Error(`Daybook exited with ${code ?? signal} before listening: ${stderr || stdout.slice(-4000)}`),
      ),
    )
  })
}
