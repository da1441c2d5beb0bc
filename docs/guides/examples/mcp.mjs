// The MCP server: start `daybook mcp` as an agent's host does, and speak JSON-RPC to it over
// stdio: initialize, tools/list, and one tools/call. Run from a Daybook checkout where
// `npm install` has run: DAYBOOK_URL=http://127.0.0.1:4000 DAYBOOK_API_KEY=dbk_… node mcp.mjs
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const baseUrl = process.env.DAYBOOK_URL ?? 'http://127.0.0.1:4000'
const apiKey = process.env.DAYBOOK_API_KEY
check(apiKey, 'set DAYBOOK_API_KEY to an API key (dbk_…)')
const daybook = new URL('../../../bin/daybook.js', import.meta.url).pathname

function check(condition, message) {
  if (!condition) {
    console.error(`unexpected: ${message}`)
    process.exit(1)
  }
}

// The host gives the server its environment: the API's URL and the key it acts with.
const child = spawn(process.execPath, [daybook, 'mcp'], {
  env: { PATH: process.env.PATH ?? '', DAYBOOK_URL: baseUrl, DAYBOOK_API_KEY: apiKey },
  stdio: ['pipe', 'pipe', 'inherit'],
})
child.on('exit', (code) => {
  if (code !== 0) check(false, `daybook mcp exited with ${code}`)
})

// MCP over stdio: one JSON-RPC message per line each way.
const waiting = new Map()
createInterface({ input: child.stdout }).on('line', (line) => {
  const message = JSON.parse(line)
  waiting.get(message.id)?.(message)
  waiting.delete(message.id)
})
let nextId = 1
function call(method, params) {
  const id = nextId++
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
  return new Promise((resolve) => waiting.set(id, resolve)).then((message) => {
    check(!message.error, `${method}: ${JSON.stringify(message.error)}`)
    return message.result
  })
}

const initialized = await call('initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'daybook-guide', version: '1.0.0' },
})
child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`)
console.log(
  `initialized: ${initialized.serverInfo.name} ${initialized.serverInfo.version}, protocol ${initialized.protocolVersion}`,
)

const { tools } = await call('tools/list', {})
const names = tools.map((tool) => tool.name)
check(
  names.includes('list_accounts') && names.includes('list_review_queue'),
  `tools/list: ${names.join(', ')}`,
)
console.log(`tools (${tools.length}): ${names.join(', ')}`)

// A tool answers the API's own JSON as text; a refusal comes back with isError: true.
const result = await call('tools/call', { name: 'list_accounts', arguments: {} })
check(!result.isError, `list_accounts: ${result.content?.[0]?.text}`)
const text = result.content.find((part) => part.type === 'text')?.text ?? ''
check(text.includes('Chequing'), 'list_accounts names the bank account')
console.log(`list_accounts answered ${text.length} characters of JSON`)

child.stdin.end()
await new Promise((resolve) => child.on('close', resolve))
console.log('ok')
