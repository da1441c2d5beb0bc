// The one CSV reader keeps RFC 4180's quoting exact, names the line of every problem and stays within its caps.
import { describe, expect, it } from 'vitest'
import { type CsvRecord, readCsvRecords, stoppedAtLimit } from './csv.js'

function recordsOf(input: string | Uint8Array, rowsMax?: number): CsvRecord[] {
  const records = readCsvRecords(input, { rowsMax })
  if (!records.ok) throw new Error(records.error.message)
  return records.value
}

const fieldsOf = (input: string) => recordsOf(input).map((record) => record.fields)

describe('readCsvRecords', () => {
  it('reads quoted, doubled-quote, empty and multi-line fields with the line each record starts on', () => {
    expect(recordsOf('\uFEFFa,b,c\r\n"x, y","say ""hi""",\n\n"two\nlines",,""\nlast,1,2')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', ''] },
      { line: 4, fields: ['two\nlines', '', ''] },
      { line: 6, fields: ['last', '1', '2'] },
    ])
  })

  it('handles CRLF, a missing final line break and a trailing one', () => {
    expect(fieldsOf('a,"b, c","say ""hi"""\r\n1,,3')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '', '3'],
    ])
    expect(fieldsOf('x\n"line\nbreak"\n')).toEqual([['x'], ['line\nbreak']])
  })

  it('counts a CRLF, an LF and a lone CR as one line each, inside quotes too', () => {
    expect(recordsOf('a\r\rb\r\n"c\r\nd\ne\r"\n\nf').map((record) => record.line)).toEqual([1, 3, 4, 9])
    expect(fieldsOf('"c\r\nd"')).toEqual([['c\r\nd']])
  })

  it('keeps the spaces of a field and leaves out blank lines and lines holding only ""', () => {
    expect(fieldsOf(' a , b \n\n""\r\n,\n')).toEqual([
      [' a ', ' b '],
      ['', ''],
    ])
  })

  it('reads rows of any width, every field quoted, and bare or quoted empty fields (Stripe exports)', () => {
    expect(fieldsOf('"id","gross","description"\n"txn_1","12.00",""\ntxn_2,1.00,,,extra\ntxn_3')).toEqual([
      ['id', 'gross', 'description'],
      ['txn_1', '12.00', ''],
      ['txn_2', '1.00', '', '', 'extra'],
      ['txn_3'],
    ])
  })

  it('reads bytes, dropping a UTF-8 byte-order mark and keeping multi-byte text', () => {
    const bytes = Buffer.from('\uFEFFnom,montant\n"Café, déjeuner",12.00\n', 'utf8')
    expect(recordsOf(bytes)).toEqual([
      { line: 1, fields: ['nom', 'montant'] },
      { line: 2, fields: ['Café, déjeuner', '12.00'] },
    ])
  })

  it('refuses stray and unclosed quotes, naming the line the record starts on', () => {
    expect(readCsvRecords('a,b\nx"y,1\n')).toEqual({
      ok: false,
      error: { code: 'INVALID_CSV', message: 'Line 2: a double quote appears inside an unquoted field.' },
    })
    expect(readCsvRecords('a,b\n1, "2"\n')).toMatchObject({
      ok: false,
      error: { message: /^Line 2: a double quote/ },
    })
    expect(readCsvRecords('a,b\n"x"y,1\n')).toEqual({
      ok: false,
      error: {
        code: 'INVALID_CSV',
        message: 'Line 2: a quoted field is followed by more text before the next comma.',
      },
    })
    expect(readCsvRecords('a,b\n1,2\n"open,3\n')).toEqual({
      ok: false,
      error: { code: 'INVALID_CSV', message: 'Line 3: a quoted field is never closed.' },
    })
    expect(readCsvRecords('a,b\r\n\r\n\r\n"open\n\n,3')).toMatchObject({
      ok: false,
      error: { message: 'Line 4: a quoted field is never closed.' },
    })
    expect(readCsvRecords('"open')).toMatchObject({ ok: false, error: { message: /quoted field/ } })
  })

  it('refuses a record over the size cap, so one unclosed quote cannot become one huge value', () => {
    const refused = readCsvRecords(`a,b\n1,2\n"${'x'.repeat(500)}`, { recordBytesMax: 100 })
    expect(refused).toEqual({
      ok: false,
      error: { code: 'INVALID_CSV', message: 'Line 3: the record is longer than 100 bytes.' },
    })
    expect(readCsvRecords(`a\n${'x'.repeat(100)}`, { recordBytesMax: 100 }).ok).toBe(true)
  })

  it('caps the rows after the header and counts them all in the refusal', () => {
    expect(recordsOf('h\n1\n2', 2)).toHaveLength(3)
    expect(readCsvRecords('h\n1\n2\n\n3\n', { rowsMax: 2, name: 'test file' })).toEqual({
      ok: false,
      error: {
        code: 'TOO_MANY_ROWS',
        message: 'A test file may hold at most 2 rows; this one has 3. Split it.',
      },
    })
  })

  it('stops at the first row past the cap when asked, and at the first record too wide', () => {
    // The second record is broken: it is never reached, so the refusal is for the rows alone.
    const rows = readCsvRecords('h\n1\n2\n3\n"x\n', { rowsMax: 2, name: 'test file', stopAfterRowsMax: true })
    expect(rows).toEqual({
      ok: false,
      error: {
        code: 'TOO_MANY_ROWS',
        message: 'A test file may hold at most 2 rows; this one has more. Split it.',
      },
    })
    expect(!rows.ok && stoppedAtLimit(rows.error)).toBe(true)
    const wide = readCsvRecords('a,b\nc,d,e\n"x\n', { columnsMax: 2 })
    expect(wide).toEqual({
      ok: false,
      error: { code: 'INVALID_CSV', message: 'Line 2: the record has more than 2 fields.' },
    })
    expect(!wide.ok && stoppedAtLimit(wide.error)).toBe(true)
    const counted = readCsvRecords('h\n1\n2\n3\n', { rowsMax: 2 })
    expect(!counted.ok && stoppedAtLimit(counted.error)).toBe(false)
  })

  it('reads an empty file as no records', () => {
    expect(recordsOf('')).toEqual([])
    expect(recordsOf('\r\n\n')).toEqual([])
  })
})
