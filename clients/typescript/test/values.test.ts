// The committed value unions are what scripts/values.ts reads from the server's lists now.
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { renderValues, valuesFile } from '../scripts/values.js'
import { ledgerEventStatuses, roles } from '../src/generated/values.js'

it('src/generated/values.ts is what the script makes from the server’s sources', () => {
  expect(readFileSync(valuesFile, 'utf8'), 'src/generated/values.ts is stale: run npm run codegen').toBe(
    renderValues(),
  )
})

it("the lists are the server's own", () => {
  expect(ledgerEventStatuses).toEqual([
    'needs_review',
    'confirmed',
    'synced',
    'reconciled',
    'pending',
    'ignored',
  ])
  expect(roles).toEqual(['owner', 'admin', 'member', 'accountant', 'viewer'])
})
