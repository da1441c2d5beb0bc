import { appendFileSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { errorCodes } from '../../src/kernel/error-codes.js'

// docs/error-codes.md promises clients every code it lists. Each test server notes the codes its
// HTTP answers carry (a payload's errorCode, an error's extensions.code, a REST error body's code,
// a receipt's extractionErrorCode), one file per test process; after a run of the whole suite,
// the global teardown refuses a documented code that no test provoked over HTTP.

const known: ReadonlySet<string> = new Set(errorCodes)

/**
 * Codes a client never receives over HTTP from a server the tests start in-process, each with
 * where it is proved instead.
 */
export const codesNotAnsweredOverHttp: Readonly<Record<string, string>> = {
  EMAIL_TAKEN:
    'Only the operator creates users (daybook user create), never a GraphQL field or route; ' +
    'asserted through that service in test/blackbox/error-codes-over-http.test.ts.',
  WEAK_PASSWORD:
    'Only the operator creates users (daybook user create), never a GraphQL field or route; ' +
    'asserted through that service in test/blackbox/error-codes-over-http.test.ts.',
  INVALID_TAX_CODE:
    'Raised only while reading the GIFI catalogue Daybook ships, which no API takes; ' +
    'asserted by src/modules/tax-codes/gifi.test.ts.',
  TAX_ACCOUNT_REQUIRED:
    'A confirm fills in the GST/HST Payable account, which every organization has, before posting ' +
    'checks for a tax account; the posting rule is asserted by src/modules/ledger-events/ledger-event.test.ts.',
  // The global teardown reads this map in the process that was given DATABASE_URL for the run.
  ...(process.env.DATABASE_URL
    ? {}
    : {
        EVENT_CHANGED:
          'SQLite runs one write transaction at a time, so no request finds its event changed ' +
          'halfway; provoked over HTTP on PostgreSQL by test/blackbox/error-codes-over-http.test.ts.',
      }),
}

function codesIn(value: unknown, found: Set<string>, depth = 0): void {
  if (depth > 12 || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value) codesIn(item, found, depth + 1)
    return
  }
  for (const [key, item] of Object.entries(value)) {
    if (
      (key === 'code' || key === 'errorCode' || key === 'extractionErrorCode') &&
      typeof item === 'string' &&
      known.has(item)
    )
      found.add(item)
    else codesIn(item, found, depth + 1)
  }
}

/** Notes the codes of every JSON answer the server sends, in the run's log directory. */
export function logErrorCodes(server: FastifyInstance, directory: string): void {
  const file = path.join(directory, `${process.pid}.codes`)
  const logged = new Set<string>()
  server.addHook('preSerialization', async (_request, _reply, payload) => {
    const found = new Set<string>()
    codesIn(payload, found)
    const fresh = [...found].filter((code) => !logged.has(code))
    if (fresh.length > 0) {
      for (const code of fresh) logged.add(code)
      appendFileSync(file, `${fresh.join('\n')}\n`)
    }
    return payload
  })
}

/** The documented codes that no answer of the run carried. */
export function codesNeverAnswered(directory: string): string[] {
  const seen = new Set<string>()
  for (const name of readdirSync(directory)) {
    for (const line of readFileSync(path.join(directory, name), 'utf8').split('\n')) if (line) seen.add(line)
  }
  return errorCodes.filter((code) => !seen.has(code) && !(code in codesNotAnsweredOverHttp))
}
