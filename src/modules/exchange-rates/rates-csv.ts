import { parseCalendarDate } from '../../kernel/calendar-date.js'
import { readCsvRecords } from '../../kernel/csv.js'
import { fail, ok, type Result } from '../../kernel/result.js'

// A CSV of daily rates, in one of two shapes:
// - long: a header `date,currency,rate` and a row per (day, currency);
// - the Bank of Canada's Valet export: notes and a series list, then an `OBSERVATIONS` block
//   whose header is `date` and one `FX<currency><quote currency>` column per series, with a row
//   per day and empty cells on days without a rate.
// The rows are handed on as text; the service checks each as it would a rate given by the API.

export interface RateRow {
  currency: string
  date: string
  rate: string
  /** Where the row came from, for refusals: `line 12, FXUSDCAD`. */
  origin: string
}

const seriesPattern = /^FX([A-Z]{3})([A-Z]{3})$/

export function readRatesCsv(text: string, functionalCurrency: string): Result<RateRow[]> {
  const records = readCsvRecords(text, { name: 'rates CSV' })
  if (!records.ok) return records
  const headerIndex = records.value.findIndex((record) => record.fields[0]?.trim().toLowerCase() === 'date')
  const header = records.value[headerIndex]
  if (!header) return fail('INVALID_CSV', 'No header row starting with "date" was found.')
  const names = header.fields.map((field) => field.trim())
  const rows: RateRow[] = []
  const body = records.value.slice(headerIndex + 1)
  if (names.map((name) => name.toLowerCase()).join(',') === 'date,currency,rate') {
    for (const record of body) {
      const [date = '', currency = '', rate = ''] = record.fields.map((field) => field.trim())
      rows.push({ date, currency, rate, origin: `line ${record.line}` })
    }
    return ok(rows)
  }
  const series: Array<{ index: number; currency: string; name: string }> = []
  for (const [index, name] of names.entries()) {
    if (index === 0) continue
    const match = seriesPattern.exec(name)
    if (!match || match[2] !== functionalCurrency) {
      return fail(
        'INVALID_CSV',
        `Line ${header.line}: column ${JSON.stringify(name)} is not a rate to ${functionalCurrency} (FX<currency>${functionalCurrency}); the header may also be date,currency,rate.`,
      )
    }
    series.push({ index, currency: match[1] as string, name })
  }
  for (const record of body) {
    const date = record.fields[0]?.trim() ?? ''
    // The Valet export ends its observations where another block begins.
    if (!parseCalendarDate(date).ok && record.fields.length === 1) break
    for (const column of series) {
      const rate = record.fields[column.index]?.trim() ?? ''
      if (rate === '') continue
      rows.push({ date, currency: column.currency, rate, origin: `line ${record.line}, ${column.name}` })
    }
  }
  return ok(rows)
}
