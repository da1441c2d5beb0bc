// Batched log lines must all arrive, in order and intact, whatever their size and whenever they come.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BatchedLogDestination } from './log-destination.js'

function recordingOutput() {
  const writes: string[] = []
  return {
    writes,
    text: () => writes.join(''),
    write(data: Uint8Array | string) {
      writes.push(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'))
    },
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('BatchedLogDestination', () => {
  it('holds lines until the delay passes, then writes them in one go', () => {
    vi.useFakeTimers()
    const output = recordingOutput()
    const destination = new BatchedLogDestination(output, 100)
    destination.write('{"a":1}\n')
    destination.write('{"b":"é €"}\n')
    expect(output.writes).toEqual([])
    vi.advanceTimersByTime(100)
    expect(output.writes).toEqual(['{"a":1}\n{"b":"é €"}\n'])
  })

  it('writes a full batch at once and keeps every line in order', () => {
    const output = recordingOutput()
    const destination = new BatchedLogDestination(output, 60_000)
    const lines = Array.from({ length: 2_000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i % 97)}"}\n`)
    for (const line of lines) destination.write(line)
    expect(output.writes.length).toBeGreaterThan(1)
    destination.flush()
    expect(output.text()).toBe(lines.join(''))
  })

  it('passes a line larger than a batch straight through, after what waits before it', () => {
    const output = recordingOutput()
    const destination = new BatchedLogDestination(output, 60_000)
    const huge = `{"big":"${'z'.repeat(100_000)}"}\n`
    destination.write('{"first":true}\n')
    destination.write(huge)
    destination.write('{"last":true}\n')
    destination.flush()
    expect(output.text()).toBe(`{"first":true}\n${huge}{"last":true}\n`)
  })

  it('writes each line at once after close', () => {
    const output = recordingOutput()
    const destination = new BatchedLogDestination(output, 60_000)
    destination.write('{"before":true}\n')
    destination.close()
    expect(output.writes).toEqual(['{"before":true}\n'])
    destination.write('{"after":true}\n')
    expect(output.writes).toEqual(['{"before":true}\n', '{"after":true}\n'])
  })
})
