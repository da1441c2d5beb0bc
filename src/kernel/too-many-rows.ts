import { type Failure, fail } from './result.js'

/** The refusal of rows over a cap, worded alike wherever rows arrive: a call, a CSV, a file. */
export function tooManyRows(
  what: string,
  rowsMax: number,
  rowCount: number,
  options: { per?: string; field?: string } = {},
): { ok: false; error: Failure } {
  const count = (n: number) => n.toLocaleString('en-US')
  const per = options.per ? ` ${options.per}` : ''
  return fail(
    'TOO_MANY_ROWS',
    `${what} may hold at most ${count(rowsMax)} rows${per}; this one has ${count(rowCount)}. Split it.`,
    options.field,
  )
}
