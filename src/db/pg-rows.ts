import { limits } from '../kernel/limits.js'

// pg builds every row of every statement at one site of its code, by copying a template object
// and storing the columns by name. A server's statements give that site dozens of row shapes, and
// V8 then builds each row on its slow path, at about four times the memory of a fast object (a
// list page of 25 events: 20 KB more than the same rows built at a site that sees one shape).
// Daybook's pool asks for rows as arrays instead and builds each object with a constructor
// compiled once for its statement's list of columns, so every row is built at a site of its own.
//
// A constructor called with `new`, not an object literal: V8 keeps an allocation site for every
// literal and, when the objects of a site have survived a collection of the young generation,
// allocates the site's later objects straight in the old generation. A burst of concurrent
// requests at startup was enough for the list page's row literal to be moved there for the life
// of the process; every row's strings were then reachable from the old generation, so each young
// collection copied and promoted them (a fifth of the young generation survived, against 1% in
// the bare route), which cost about a quarter of the server's CPU per page. Objects built by `new`
// have no allocation site and always start young.

type RowBuilder = (values: unknown[]) => Record<string, unknown>
type RowConstructor = new (values: unknown[]) => Record<string, unknown>

interface Builder {
  columnNames: readonly string[]
  build: RowBuilder
}

/** By statement text: a statement's columns rarely change, and a text's hash is kept on the string. */
const builders = new Map<string, Builder>()
/** By list of columns, so statements that differ only in their conditions share one constructor. */
const compiled = new Map<string, RowBuilder>()

function builderFor(columnNames: readonly string[]): RowBuilder {
  const key = columnNames.join('\u0000')
  let build = compiled.get(key)
  if (!build) {
    // Names are quoted as JSON strings, so no name (an alias holding a quote) can escape them. A
    // repeated name keeps the last value, as in pg's own rows; `__proto__` is defined rather than
    // assigned, which makes it a column like any other rather than the object's prototype.
    const assignments = columnNames.map((name, i) =>
      name === '__proto__'
        ? `Object.defineProperty(this, "__proto__", { value: values[${i}], writable: true, enumerable: true, configurable: true })`
        : `this[${JSON.stringify(name)}] = values[${i}]`,
    )
    const Row = new Function('values', assignments.join('\n')) as RowConstructor
    // The rows are plain objects to everything that reads them, as pg's own are.
    Row.prototype = Object.prototype
    build = (values) => new Row(values)
    if (compiled.size >= limits.rowShapesKeptMax) compiled.clear()
    compiled.set(key, build)
  }
  return build
}

interface ArrayRows {
  fields: ReadonlyArray<{ name: string }>
  rows: unknown[]
}

function sameColumns(fields: ArrayRows['fields'], columnNames: readonly string[]): boolean {
  if (fields.length !== columnNames.length) return false
  for (let i = 0; i < fields.length; i++) if (fields[i]?.name !== columnNames[i]) return false
  return true
}

/** The rows of one result of `text` as objects; a statement whose columns changed gets a new constructor. */
function buildRows(text: string, part: ArrayRows): void {
  if (part.rows.length === 0) return
  let builder = builders.get(text)
  if (!builder || !sameColumns(part.fields, builder.columnNames)) {
    const columnNames = part.fields.map((field) => field.name)
    builder = { columnNames, build: builderFor(columnNames) }
    if (builders.size >= limits.rowShapesKeptMax) builders.clear()
    builders.set(text, builder)
  }
  const { build } = builder
  part.rows = part.rows.map((values) => build(values as unknown[]))
}

/** Turns the array rows of a pg result of `text` (or of each result of a multi-statement query) into objects. */
export function rowsAsObjects<Result>(text: string, result: Result): Result {
  if (Array.isArray(result)) for (const part of result as ArrayRows[]) buildRows(text, part)
  else buildRows(text, result as ArrayRows)
  return result
}

/** A row built from the text values of a DataRow message, each read by its column's type parser. */
export type RowFromText = (values: Array<string | null>) => Record<string, unknown>
type ParsedRowConstructor = new (
  values: Array<string | null>,
  parsers: ReadonlyArray<(text: string) => unknown>,
) => Record<string, unknown>

/** What reads a column's text by its type, as pg's `types` option gives it. */
export interface TypeParsers {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (text: string) => unknown
}

interface ParsedBuilder {
  types: TypeParsers
  columnNames: readonly string[]
  typeIds: readonly number[]
  build: RowFromText
}

const parsedBuilders = new Map<string, ParsedBuilder>()
const parsedCompiled = new Map<string, ParsedRowConstructor>()

function parsedConstructorFor(columnNames: readonly string[]): ParsedRowConstructor {
  const key = columnNames.join('\u0000')
  let Row = parsedCompiled.get(key)
  if (!Row) {
    // One call site per column: each sees one type parser, where a loop's one site sees them all.
    const assignments = columnNames.map((name, i) => {
      const value = `values[${i}] === null ? null : parsers[${i}](values[${i}])`
      return name === '__proto__'
        ? `Object.defineProperty(this, "__proto__", { value: ${value}, writable: true, enumerable: true, configurable: true })`
        : `this[${JSON.stringify(name)}] = ${value}`
    })
    Row = new Function('values', 'parsers', assignments.join('\n')) as ParsedRowConstructor
    Row.prototype = Object.prototype
    if (parsedCompiled.size >= limits.rowShapesKeptMax) parsedCompiled.clear()
    parsedCompiled.set(key, Row)
  }
  return Row
}

function sameDescription(
  fields: ReadonlyArray<{ name: string; dataTypeID: number }>,
  types: TypeParsers,
  builder: ParsedBuilder,
): boolean {
  if (builder.types !== types || fields.length !== builder.columnNames.length) return false
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as { name: string; dataTypeID: number }
    if (field.name !== builder.columnNames[i] || field.dataTypeID !== builder.typeIds[i]) return false
  }
  return true
}

/**
 * What builds the rows of `text` from the columns its row description names: kept by statement,
 * and made again when a statement's columns or their types change (a migration in between), or
 * when it is read with other type parsers.
 */
export function parsedRowBuilder(
  text: string,
  fields: ReadonlyArray<{ name: string; dataTypeID: number; format?: string }>,
  types: TypeParsers,
): RowFromText {
  let builder = parsedBuilders.get(text)
  if (!builder || !sameDescription(fields, types, builder)) {
    const columnNames = fields.map((field) => field.name)
    const parsers = fields.map((field) =>
      types.getTypeParser(field.dataTypeID, field.format === 'binary' ? 'binary' : 'text'),
    )
    const Row = parsedConstructorFor(columnNames)
    builder = {
      types,
      columnNames,
      typeIds: fields.map((field) => field.dataTypeID),
      build: (values) => new Row(values, parsers),
    }
    if (parsedBuilders.size >= limits.rowShapesKeptMax) parsedBuilders.clear()
    parsedBuilders.set(text, builder)
  }
  return builder.build
}
