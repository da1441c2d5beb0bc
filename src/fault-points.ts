import { writeFileSync, writeSync } from 'node:fs'
import { loadFaultPointSetting } from './config.js'

/**
 * Fault injection for the crash tests (ADR 0021): with DAYBOOK_FAULT_POINT=<point>:<count> the
 * server kills itself with SIGKILL inside the named write, once the count reached there comes to
 * <count>. The point notes its name in DAYBOOK_FAULT_MARKER_FILE (and on stderr) just before, so
 * a test can tell a kill inside the write from one anywhere else. Unset, a point costs one compare.
 */
export const faultPoints = [
  /** A bank statement import, its rows inserted, before the commit; counts rows. */
  'import.rows',
  /** A confirm, its journal entry and lines written, before the commit; counts confirms. */
  'confirm.posted',
  /** A confirm of many, every entry written, before the commit; counts confirms of many. */
  'confirm.many.posted',
  /** A reconciliation's finish, its events moved to reconciled, before the commit; counts finishes. */
  'reconcile.finish',
  /** An extraction's receipt update, written, before the commit; counts extractions. */
  'receipt.extracted',
  /**
   * A webhook delivery, sent and answered by its receiver, before the attempt is recorded; counts
   * sends. The receiver has the message while the books still say it is due, which is the state
   * at-least-once delivery must survive.
   */
  'webhook.sent',
  /** A recurring date, its entry, event or document made and its row taken, before the commit; counts dates. */
  'recurring.made',
] as const

export type FaultPoint = (typeof faultPoints)[number]

const armed = loadFaultPointSetting()
if (armed && !(faultPoints as readonly string[]).includes(armed.point)) {
  throw new Error(
    `Invalid configuration: DAYBOOK_FAULT_POINT names no fault point (${faultPoints.join(', ')}): ${armed.point}`,
  )
}
let reached = 0

/** Kills the process here when the tests armed this point and its count has come; else nothing. */
export function hitFaultPoint(point: FaultPoint, count = 1): void {
  if (armed === undefined || armed.point !== point) return
  reached += count
  if (reached < armed.afterCount) return
  const marker = `${JSON.stringify({ faultPoint: point, reached, pid: process.pid })}\n`
  // Synchronous writes: the marker is on disk before the signal, and nothing runs after it.
  if (armed.markerFile) writeFileSync(armed.markerFile, marker)
  writeSync(2, marker)
  process.kill(process.pid, 'SIGKILL')
}
