// The hand-built request log line must stay valid JSON in pino's shape, whatever the client sent.
import { describe, expect, it } from 'vitest'
import { graphqlRequestLogLine } from './request-log.js'

const operation = { name: 'listLedgerEvents', type: 'query' } as const
const record = {
  requestId: '8e6d0f3e-2b1a-4c55-9f0d-1d2e3f4a5b6c',
  organizationId: '663008fb-7463-42c9-a3fc-bfbb47f27919',
  operation,
  credential: 'api_key',
  status: 200,
  durationMs: 1.5,
} as const

describe('graphqlRequestLogLine', () => {
  it('writes one JSON line with pino base fields and the request fields', () => {
    const line = graphqlRequestLogLine(record, 1_763_718_000_000)
    expect(line.endsWith('}\n')).toBe(true)
    expect(line.slice(0, -1)).not.toContain('\n')
    expect(JSON.parse(line)).toEqual({
      level: 30,
      time: 1_763_718_000_000,
      pid: process.pid,
      hostname: expect.any(String),
      requestId: record.requestId,
      organizationId: record.organizationId,
      operation: 'listLedgerEvents',
      operationType: 'query',
      credential: 'api_key',
      status: 200,
      durationMs: 1.5,
      msg: 'graphql request',
    })
  })

  it('leaves the organization out when the request named none', () => {
    const parsed = JSON.parse(graphqlRequestLogLine({ ...record, organizationId: undefined }, 0))
    expect(parsed).not.toHaveProperty('organizationId')
  })

  it('escapes and caps an organization id that is not a UUID', () => {
    const hostile = `x","level":60,"forged":"\n${'y'.repeat(200)}`
    const parsed = JSON.parse(graphqlRequestLogLine({ ...record, organizationId: hostile }, 0))
    expect(parsed.level).toBe(30)
    expect(parsed).not.toHaveProperty('forged')
    expect(parsed.organizationId).toBe(hostile.slice(0, 64))
  })

  it('keeps operations that differ apart, however often they come back', () => {
    const mutation = { name: 'confirmLedgerEvent', type: 'mutation' } as const
    for (let i = 0; i < 3; i++) {
      expect(JSON.parse(graphqlRequestLogLine({ ...record, operation }, 0)).operation).toBe(
        'listLedgerEvents',
      )
      const parsed = JSON.parse(graphqlRequestLogLine({ ...record, operation: mutation }, 0))
      expect([parsed.operation, parsed.operationType]).toEqual(['confirmLedgerEvent', 'mutation'])
    }
  })
})
