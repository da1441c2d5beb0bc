// Statement files are read in a thread of their own, which a file over the time or memory cap ends.

import { describe, expect, it } from 'vitest'
import { bankFile, ofxOfManyElements, qifOfManyRecords } from '../../../test/support/bank-files.js'
import { readStatementJob } from './read-statement-job.js'
import { StatementReader } from './statement-reader.js'

const job = (bytes: Uint8Array) => ({ bytes, csv: { profiles: [], chosen: false, suggest: false } })

describe('StatementReader', () => {
  it('answers in its thread what reading in place answers, one file at a time when so capped', async () => {
    const reader = new StatementReader({ memoryMb: 256, timeoutMs: 60_000, concurrent: 1 })
    const files = ['ofxparse_bank_medium_CAD.ofx', 'actual_mt940_EUR.sta', 'actual_payee-memo_US-dates.qif']
    const readings = await Promise.all(files.map((name) => reader.read(job(bankFile(name)))))
    expect(readings.map((reading) => reading.result)).toEqual(
      files.map((name) => readStatementJob(job(bankFile(name)))),
    )
    expect(readings.map((reading) => reading.sizeRefusal)).toEqual([false, false, false])
  }, 120_000)

  it('reads one file after another in the same thread, and a new one after a thread is ended', async () => {
    const reader = new StatementReader({ memoryMb: 256, timeoutMs: 60_000, concurrent: 1 })
    const ofx = job(bankFile('ofxparse_bank_medium_CAD.ofx'))
    for (let i = 0; i < 3; i++) {
      expect((await reader.read(ofx)).result).toEqual(readStatementJob(ofx))
    }
    expect(reader.threadsStarted).toBe(1)
    await reader.close()
    expect((await reader.read(ofx)).result).toEqual(readStatementJob(ofx))
    expect(reader.threadsStarted).toBe(2)
  }, 120_000)

  it('starts a new thread after one ended over its cap', async () => {
    const reader = new StatementReader({ memoryMb: 32, timeoutMs: 60_000, concurrent: 1 })
    expect((await reader.read(job(ofxOfManyElements()))).sizeRefusal).toBe(true)
    const ofx = job(bankFile('ofxparse_bank_medium_CAD.ofx'))
    expect((await reader.read(ofx)).result).toEqual(readStatementJob(ofx))
    expect(reader.threadsStarted).toBe(2)
    await reader.close()
  }, 120_000)

  it('passes on a refusal for size as one', async () => {
    const reader = new StatementReader({ memoryMb: 256, timeoutMs: 60_000, concurrent: 2 })
    const reading = await reader.read(job(qifOfManyRecords()))
    expect(reading).toMatchObject({
      sizeRefusal: true,
      result: { ok: false, error: { code: 'TOO_MANY_ROWS' } },
    })
  }, 120_000)

  it('ends a reading past its time cap, and refuses the file for it', async () => {
    const reader = new StatementReader({ memoryMb: 256, timeoutMs: 1, concurrent: 2 })
    const reading = await reader.read(job(ofxOfManyElements()))
    expect(reading).toEqual({
      sizeRefusal: true,
      result: {
        ok: false,
        error: {
          code: 'INVALID_BANK_FILE',
          message: 'Reading the file took longer than 0.001 s, the most one statement file may take.',
          field: 'file',
        },
      },
    })
  }, 120_000)

  it('ends a reading past its memory cap, and refuses the file for it', async () => {
    const reader = new StatementReader({ memoryMb: 32, timeoutMs: 60_000, concurrent: 2 })
    const reading = await reader.read(job(ofxOfManyElements()))
    expect(reading).toEqual({
      sizeRefusal: true,
      result: {
        ok: false,
        error: {
          code: 'INVALID_BANK_FILE',
          message: 'Reading the file needed more than 32 MiB of memory, the most one statement file may use.',
          field: 'file',
        },
      },
    })
  }, 120_000)
})
