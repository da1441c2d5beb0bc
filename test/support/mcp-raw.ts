import { spawn } from 'node:child_process'
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js'
import { daybookBin } from './cli.js'

/**
 * `daybook mcp` spoken to as a client piping JSON-RPC lines would: initialize, then one tool call,
 * written before any answer is read. No SDK client, so what the process writes and when it exits
 * are seen as they are.
 */
export function rawMcpCall(env: Record<string, string>, toolName: string, toolArguments: object = {}) {
  const child = spawn(process.execPath, [daybookBin, 'mcp'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)
  send({
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  })
  send({ method: 'notifications/initialized' })
  send({ id: 2, method: 'tools/call', params: { name: toolName, arguments: toolArguments } })
  return {
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    closeStdin: () => child.stdin.end(),
  }
}
