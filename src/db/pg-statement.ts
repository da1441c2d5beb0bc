import assert from 'node:assert/strict'
import pg from 'pg'
import { parsedRowBuilder, type RowFromText, type TypeParsers } from './pg-rows.js'

// A statement with parameters, run in PostgreSQL's extended protocol as pg's own Query runs it
// (parse once per connection when named, then bind, describe, execute, sync), through pg's public
// hook for custom queries (an object with submit(), as pg-cursor is). pg's Query spends, on every
// run, more than the statement's own rows cost: it copies its config through property descriptors,
// and for each row description builds a dictionary-mode object of the columns and a copy of it,
// which it then never uses for rows read as arrays (about 15 µs for the review queue's 31 columns).
// Here each row is built straight from its text values by a constructor compiled for its
// statement's columns (src/db/pg-rows.ts), where pg made an array and Daybook an object from it.
// ADR 0045.

export interface StatementResult {
  command: string | null
  rowCount: number | null
  rows: Array<Record<string, unknown>>
}

interface FieldDescription {
  name: string
  dataTypeID: number
  format?: string
}

/** What of pg's Connection a query writes to; its statement bookkeeping is pg's own. */
interface Connection {
  parsedStatements: Record<string, string | undefined>
  submittedNamedStatements: Record<string, string | undefined>
  stream: { cork?: () => void; uncork?: () => void }
  parse(message: { text: string; name?: string }): void
  bind(message: {
    portal: string
    statement?: string
    values: unknown[]
    binary: boolean
    valueMapper: (value: unknown) => unknown
  }): void
  describe(message: { type: 'P'; name: string }): void
  execute(message: { portal: string }): void
  close(message: { type: 'S'; name?: string }): void
  sync(): void
  sendCopyFail(message: string): void
}

// pg's own conversion of a parameter to its wire text (dates, buffers, arrays, JSON), which pg
// exports as `utils` though its types leave it out.
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils
assert(typeof prepareValue === 'function', 'pg no longer exports utils.prepareValue')

const commandPattern = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/

export class StatementQuery {
  /** Read by pg's client: a named statement's text is recorded on its connection once parsed. */
  readonly name: string | undefined
  readonly text: string
  readonly promise: Promise<StatementResult>
  /** Called by pg's client, or by its timeout for a query that never finished. */
  callback: (error: Error | null, result?: StatementResult) => void
  private readonly result: StatementResult = { command: null, rowCount: null, rows: [] }
  private buildRow: RowFromText | undefined
  /** A row that could not be read: the statement runs to its end, then fails with this. */
  private rowError: Error | undefined

  constructor(
    text: string,
    private readonly values: unknown[],
    name: string | undefined,
    private readonly types: TypeParsers,
  ) {
    this.text = text
    this.name = name
    let settle!: StatementQuery['callback']
    this.promise = new Promise<StatementResult>((resolve, reject) => {
      settle = (error, result) => (error ? reject(error) : resolve(result as StatementResult))
    })
    this.callback = settle
  }

  submit(connection: Connection): Error | null {
    const name = this.name
    if (name !== undefined) {
      const previous = connection.parsedStatements[name] ?? connection.submittedNamedStatements[name]
      if (previous !== undefined && previous !== this.text)
        return new Error(`Prepared statements must be unique - '${name}' was used for a different statement`)
    }
    // The five messages leave in one write rather than five.
    connection.stream.cork?.()
    try {
      this.prepare(connection)
    } finally {
      connection.stream.uncork?.()
    }
    return null
  }

  private prepare(connection: Connection): void {
    const name = this.name
    const parsed =
      name !== undefined &&
      (connection.parsedStatements[name] !== undefined ||
        connection.submittedNamedStatements[name] !== undefined)
    if (!parsed) {
      connection.parse({ text: this.text, name })
      if (name !== undefined) connection.submittedNamedStatements[name] = this.text
    }
    try {
      connection.bind({
        portal: '',
        statement: name,
        values: this.values,
        binary: false,
        valueMapper: prepareValue,
      })
    } catch (error) {
      // A value pg cannot send: the statement parsed above is closed so that the connection stays usable.
      connection.close({ type: 'S', name })
      connection.sync()
      this.handleError(error as Error)
      return
    }
    connection.describe({ type: 'P', name: '' })
    connection.execute({ portal: '' })
    connection.sync()
  }

  handleRowDescription(message: { fields: FieldDescription[] }): void {
    this.buildRow = parsedRowBuilder(this.text, message.fields, this.types)
  }

  handleDataRow(message: { fields: Array<string | null> }): void {
    if (this.rowError) return
    try {
      this.result.rows.push((this.buildRow as RowFromText)(message.fields))
    } catch (error) {
      this.rowError = error as Error
    }
  }

  handleCommandComplete(message: { text: string }): void {
    const match = commandPattern.exec(message.text)
    if (!match) return
    this.result.command = match[1] as string
    const count = match[3] ?? match[2]
    if (count !== undefined) this.result.rowCount = Number.parseInt(count, 10)
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {
    // Only a query that reads its rows in pages is suspended, and this one reads them all at once.
    throw new Error('a statement run to its end was suspended')
  }

  handleError(error: Error): void {
    const reported = this.rowError ?? error
    this.rowError = undefined
    // As pg does: a stack that leads into the socket's read helps no one reading the log.
    Error.captureStackTrace(reported)
    this.callback(reported)
  }

  handleReadyForQuery(): void {
    if (this.rowError) this.handleError(this.rowError)
    else this.callback(null, this.result)
  }

  handleCopyInResponse(connection: Connection): void {
    connection.sendCopyFail('No source stream defined')
  }

  handleCopyData(): void {}
}
