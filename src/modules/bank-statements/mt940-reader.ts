import { limits } from '../../kernel/limits.js'
import { ok, type Result } from '../../kernel/result.js'
import {
  type FileRow,
  fileFail,
  type StatementFile,
  signedAmount,
  statementDate,
  tooManyElements,
  tooManyFileRows,
} from './statement-file.js'

// SWIFT MT940: fields open with `:TAG:` at the start of a line and run over the lines after it.
// :25: names the account, :60F:/:62F: (or M, intermediate) the opening and closing balances,
// each :61: is a row and the :86: after it its details. Amounts use a decimal comma.

interface Field {
  tag: string
  text: string
  line: number
}

function fieldsOf(text: string): Result<Field[]> {
  const fields: Field[] = []
  let statementLines = 0
  let at = 0
  for (let number = 1; at <= text.length; number++) {
    const end = text.indexOf('\n', at)
    const line = text.slice(at, end < 0 ? text.length : end).trimEnd()
    at = end < 0 ? text.length + 1 : end + 1
    // Lines rather than fields are counted, so a field that runs on without end is refused too.
    if (number > limits.statementElementsMax) return tooManyElements('lines')
    const tag = /^:(\d{2}[A-Z]?):/.exec(line)
    if (tag) {
      fields.push({ tag: tag[1] as string, text: line.slice(tag[0].length), line: number })
      if (tag[1] === '61' && ++statementLines > limits.rowsPerImportMax) return tooManyFileRows()
    }
    // Block markers of the SWIFT envelope ({1:…}{2:…}{4:, -}) are not part of any field.
    else if (line.startsWith('{') || line.startsWith('-}') || line === '-') continue
    else if (fields.length > 0 && line !== '') (fields[fields.length - 1] as Field).text += `\n${line}`
  }
  return ok(fields)
}

export function readMt940(text: string): Result<StatementFile> {
  const read = fieldsOf(text)
  if (!read.ok) return read
  const fields = read.value
  if (!fields.some((f) => f.tag === '20')) return fileFail('The MT940 file has no :20: field.')
  const rows: FileRow[] = []
  let opening: string | undefined
  let closing: string | undefined
  let closingDate: string | undefined
  let currency: string | undefined
  let accountId: string | undefined
  for (const [i, field] of fields.entries()) {
    const where = `Line ${field.line}, :${field.tag}:`
    if (field.tag === '25') accountId ??= field.text.trim()
    else if (field.tag === '60F' || field.tag === '60M') {
      const balance = balanceOf(field.text, where)
      if (!balance.ok) return balance
      opening ??= balance.value.amount
      currency ??= balance.value.currency
    } else if (field.tag === '62F' || field.tag === '62M') {
      const balance = balanceOf(field.text, where)
      if (!balance.ok) return balance
      closing = balance.value.amount
      closingDate = balance.value.date
    } else if (field.tag === '61') {
      const next = fields[i + 1]
      const details = next?.tag === '86' ? next.text : ''
      const row = rowOf(field, details, where)
      if (!row.ok) return row
      rows.push(row.value)
    }
  }
  return ok({ currency, accountId, rows, openingBalance: opening, closingBalance: closing, closingDate })
}

interface Balance {
  amount: string
  currency: string
  date: string
}

function balanceOf(text: string, where: string): Result<Balance> {
  const match = /^([CD])(\d{2})(\d{2})(\d{2})([A-Z]{3})(\d{1,15},\d{0,2})$/.exec(text.trim())
  if (!match) return fileFail(`${where}: "${text.trim().slice(0, 40)}" is not a balance.`)
  const [, mark, yy, mm, dd, currency, amount] = match
  const value = signedAmount(decimalComma(amount as string), where)
  if (!value.ok) return value
  const date = statementDate(String(2000 + Number(yy)), mm as string, dd as string, where)
  if (!date.ok) return date
  return ok({
    amount: mark === 'D' && value.value !== '0' ? `-${value.value}` : value.value,
    currency: currency as string,
    date: date.value,
  })
}

const decimalComma = (amount: string) => amount.replace(',', '.').replace(/\.$/, '')

function rowOf(field: Field, details: string, where: string): Result<FileRow> {
  const [first = '', ...supplementary] = field.text.split('\n')
  // Value date, optional entry date, mark (RC and RD reverse), optional funds code, amount,
  // transaction type, the customer's reference, then // and the bank's.
  const match =
    /^(\d{2})(\d{2})(\d{2})(\d{4})?(RC|RD|C|D)[A-Z]?(\d{1,15},\d{0,2})([A-Z][A-Z0-9]{3})([^/]{0,16})(?:\/\/(.{1,16}))?/.exec(
      first,
    )
  if (!match) return fileFail(`${where}: "${first.slice(0, 40)}" is not a statement line.`)
  const [, yy, mm, dd, entry, mark, amountText, , customerReference, bankReference] = match
  const year = 2000 + Number(yy)
  let day = { year, month: mm as string, day: dd as string }
  if (entry) {
    // The entry (booking) date has no year: it takes the value date's, across a year end if need be.
    const entryMonth = Number(entry.slice(0, 2))
    const shift = entryMonth - Number(mm) > 6 ? -1 : Number(mm) - entryMonth > 6 ? 1 : 0
    day = { year: year + shift, month: entry.slice(0, 2), day: entry.slice(2) }
  }
  const date = statementDate(String(day.year), day.month, day.day, where)
  if (!date.ok) return date
  const amount = signedAmount(decimalComma(amountText as string), where)
  if (!amount.ok) return amount
  // RD reverses a debit: money comes back in.
  const out = mark === 'D' || mark === 'RC'
  const { name, remittance } = detailsOf(details)
  const extra = supplementary.join(' ').trim()
  const reference =
    bankReference?.trim() || (customerReference?.trim() === 'NONREF' ? '' : customerReference?.trim())
  return ok({
    position: `Line ${field.line}`,
    transactionDate: date.value,
    amount: out ? `-${amount.value}` : amount.value,
    description: name || remittance || extra,
    memo: name ? remittance || extra : '',
    reference: reference || null,
  })
}

/**
 * :86: in its common styles: `/NAME/…/REMI/…` tags; German `?20`-`?29` remittance lines and
 * `?32`/`?33` name subfields; or free text, which becomes the description.
 */
function detailsOf(details: string): { name: string; remittance: string } {
  const text = details.replace(/\n/g, ' ').trim()
  if (/^\/[A-Z]{2,4}\//.test(text)) {
    const tags = new Map<string, string>()
    const parts = text.split('/')
    for (let i = 1; i + 1 < parts.length; i += 2)
      tags.set(parts[i] as string, (parts[i + 1] as string).trim())
    return { name: tags.get('NAME') ?? '', remittance: tags.get('REMI') ?? '' }
  }
  if (/\?\d{2}/.test(text)) {
    const subfields = new Map<string, string>()
    for (const part of text.split(/\?(?=\d{2})/).slice(1)) {
      const code = part.slice(0, 2)
      subfields.set(code, `${subfields.get(code) ?? ''}${part.slice(2)}`)
    }
    const pick = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => subfields.get(String(from + i)) ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()
    return { name: pick(32, 33), remittance: pick(20, 29) }
  }
  return { name: '', remittance: text }
}
