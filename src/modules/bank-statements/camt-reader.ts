import { XMLParser, XMLValidator } from 'fast-xml-parser'
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

// ISO 20022 camt.053 (bank-to-customer statement), versions .02 and later: booked entries only,
// the sign from CdtDbtInd (turned by RvslInd), a batch entry split into its transactions.

/** An element as fast-xml-parser gives it: text, or children by name, attributes under "@". */
type Node = string | { [name: string]: Node | Node[] | undefined; '#text'?: string }

/** Elements that may repeat, so that they always come as arrays. */
const repeated = new Set(['Stmt', 'Bal', 'Ntry', 'TxDtls', 'Ustrd'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Values stay text: an amount is never a float, an id never loses its leading zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => repeated.has(name),
})

export function readCamt053(text: string): Result<StatementFile> {
  // A statement has no document type; one with a DTD could define entities that expand without
  // end, so a file declaring one is refused before any parser sees it.
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    return fileFail('The XML file declares a document type; camt.053 has none.')
  const size = sizeProblem(text)
  if (size) return size
  let parsed: Node
  try {
    const valid = XMLValidator.validate(text)
    if (valid !== true) {
      // The validator reports a file cut short as the list of elements still open.
      const open = /^Invalid '\[(.*)\]' found/s.exec(valid.err.msg)?.[1]
      if (open !== undefined) {
        const path = [...open.matchAll(/"([^"]{1,64})"/g)].map((match) => match[1]).join('/')
        return fileFail(`The XML ends inside ${path}: the file may be cut short.`)
      }
      return fileFail(`Line ${valid.err.line}: the XML is not well-formed (${valid.err.msg}).`)
    }
    parsed = parser.parse(text) as Node
  } catch (error) {
    // The parser's own limits (nesting, entity expansion) throw.
    return fileFail(`The XML cannot be read: ${(error as Error).message}.`)
  }
  const document = child(parsed, 'Document')
  const statements = children(child(document, 'BkToCstmrStmt'), 'Stmt')
  if (statements.length === 0)
    return fileFail('The camt.053 file holds no statement (Document/BkToCstmrStmt/Stmt).')
  const accountIds = new Set(statements.map(accountIdOf))
  if (accountIds.size > 1)
    return fileFail('The camt.053 file holds statements of several accounts; import one at a time.')
  const rows: FileRow[] = []
  for (const [s, statement] of statements.entries()) {
    for (const [e, entry] of children(statement, 'Ntry').entries()) {
      if (statusOf(entry) !== 'BOOK') continue
      const entryRows = entryRowsOf(entry, `Stmt[${s + 1}]/Ntry[${e + 1}]`)
      if (!entryRows.ok) return entryRows
      rows.push(...entryRows.value)
    }
  }
  const opening = balanceOf(statements[0] as Node, ['OPBD', 'PRCD'])
  if (!opening.ok) return opening
  const closing = balanceOf(statements[statements.length - 1] as Node, ['CLBD'])
  if (!closing.ok) return closing
  const currency = textOf(child(child(statements[0] as Node, 'Acct'), 'Ccy'))
  return ok({
    currency: currency?.toUpperCase(),
    accountId: accountIdOf(statements[0] as Node),
    rows,
    openingBalance: opening.value?.amount,
    closingBalance: closing.value?.amount,
    closingDate: closing.value?.date,
  })
}

/**
 * The element and entry limits, counted over the text before any parser builds a tree: a parser
 * that is given the whole of a huge file builds all of it before anything could be refused.
 */
function sizeProblem(text: string) {
  let elements = 0
  let entries = 0
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    const next = text.charCodeAt(at + 1)
    // End tags, comments, declarations and processing instructions open no element.
    if (next === 0x2f || next === 0x21 || next === 0x3f) continue
    if (++elements > limits.statementElementsMax) return tooManyElements('XML elements')
    if (isEntryTag(text, at + 1) && ++entries > limits.rowsPerImportMax) return tooManyFileRows()
  }
  return undefined
}

/** Whether the tag name at `from` is Ntry, with or without a namespace prefix. */
function isEntryTag(text: string, from: number): boolean {
  let end = from
  while (end < text.length && end - from <= 64) {
    const code = text.charCodeAt(end)
    if (code === 0x3e || code === 0x2f || code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d)
      break
    end++
  }
  const name = text.slice(from, end)
  return name === 'Ntry' || name.endsWith(':Ntry')
}

function entryRowsOf(entry: Node, where: string): Result<FileRow[]> {
  const direction = textOf(child(entry, 'CdtDbtInd'))
  if (direction !== 'CRDT' && direction !== 'DBIT')
    return fileFail(`${where}: CdtDbtInd must be CRDT or DBIT.`)
  const reversed = textOf(child(entry, 'RvslInd'))?.toLowerCase() === 'true'
  const booked = child(entry, 'BookgDt')
  const dateText =
    textOf(child(booked, 'Dt')) ?? textOf(child(booked, 'DtTm')) ?? textOf(child(child(entry, 'ValDt'), 'Dt'))
  const date = isoDate(dateText, where)
  if (!date.ok) return date
  const details = children(child(entry, 'NtryDtls'), 'TxDtls')
  const entryReference = textOf(child(entry, 'AcctSvcrRef')) ?? textOf(child(entry, 'NtryRef')) ?? undefined
  const extra = textOf(child(entry, 'AddtlNtryInf')) ?? ''
  // One row per transaction of a batch; an entry of one transaction (or none listed) is one row.
  const parts = details.length > 1 ? details : [details[0]]
  const rows: FileRow[] = []
  for (const [i, detail] of parts.entries()) {
    const partWhere = details.length > 1 ? `${where}/TxDtls[${i + 1}]` : where
    const partDirection = details.length > 1 ? (textOf(child(detail, 'CdtDbtInd')) ?? direction) : direction
    const amountNode =
      details.length > 1
        ? (child(detail, 'Amt') ?? child(child(child(detail, 'AmtDtls'), 'TxAmt'), 'Amt'))
        : child(entry, 'Amt')
    const magnitude = signedAmount(textOf(amountNode) ?? '', partWhere)
    if (!magnitude.ok) return magnitude
    if (magnitude.value.startsWith('-'))
      return fileFail(`${partWhere}: Amt must not be negative; CdtDbtInd gives the sign.`)
    const out = (partDirection === 'DBIT') !== reversed
    const parties = child(detail, 'RltdPties')
    // The other side: whom the money went to, or came from.
    const party = child(parties, partDirection === 'DBIT' ? 'Cdtr' : 'Dbtr')
    const payee = textOf(child(party, 'Nm')) ?? textOf(child(child(party, 'Pty'), 'Nm'))
    const memo = children(child(detail, 'RmtInf'), 'Ustrd')
      .map((line) => textOf(line) ?? '')
      .join(' ')
      .trim()
    const refs = child(detail, 'Refs')
    const endToEnd = textOf(child(refs, 'EndToEndId'))
    const detailReference =
      textOf(child(refs, 'AcctSvcrRef')) ?? (endToEnd === 'NOTPROVIDED' ? undefined : endToEnd)
    const reference =
      details.length > 1
        ? (detailReference ?? (entryReference ? `${entryReference}/${i + 1}` : null))
        : (entryReference ?? detailReference ?? null)
    rows.push({
      position: partWhere,
      transactionDate: date.value,
      amount: out ? `-${magnitude.value}` : magnitude.value,
      description: payee || memo || extra || textOf(child(child(child(entry, 'BkTxCd'), 'Domn'), 'Cd')) || '',
      memo: payee ? memo || extra : '',
      reference,
    })
  }
  return ok(rows)
}

function statusOf(entry: Node): string | undefined {
  const status = child(entry, 'Sts')
  return textOf(status) ?? textOf(child(status, 'Cd'))
}

interface Balance {
  amount: string
  /** Dt/Dt, or the day of Dt/DtTm; a balance may state no day. */
  date: string | undefined
}

function balanceOf(statement: Node, codes: string[]): Result<Balance | undefined> {
  for (const balance of children(statement, 'Bal')) {
    const code = textOf(child(child(child(balance, 'Tp'), 'CdOrPrtry'), 'Cd'))
    if (code === undefined || !codes.includes(code)) continue
    const where = `Bal ${code}`
    const amount = signedAmount(textOf(child(balance, 'Amt')) ?? '', where)
    if (!amount.ok) return amount
    const debit = textOf(child(balance, 'CdtDbtInd')) === 'DBIT'
    const stated = child(balance, 'Dt')
    const dateText = textOf(child(stated, 'Dt')) ?? textOf(child(stated, 'DtTm'))
    const date = dateText === undefined ? undefined : isoDate(dateText, where, 'Dt')
    if (date && !date.ok) return date
    return ok({
      amount: debit && amount.value !== '0' ? `-${amount.value}` : amount.value,
      date: date?.value,
    })
  }
  return ok(undefined)
}

function accountIdOf(statement: Node): string | undefined {
  const id = child(child(statement, 'Acct'), 'Id')
  return textOf(child(id, 'IBAN')) ?? textOf(child(child(id, 'Othr'), 'Id'))
}

function isoDate(text: string | undefined, where: string, element = 'BookgDt'): Result<string> {
  const match = text === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
  if (!match) return fileFail(`${where}: ${element} holds no date.`)
  const [, year, month, day] = match
  return statementDate(year as string, month as string, day as string, where)
}

function child(node: Node | Node[] | undefined, name: string): Node | undefined {
  const single = Array.isArray(node) ? node[0] : node
  if (single === undefined || typeof single === 'string') return undefined
  const value = single[name]
  return Array.isArray(value) ? value[0] : value
}

function children(node: Node | undefined, name: string): Node[] {
  if (node === undefined || typeof node === 'string') return []
  const value = node[name]
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

function textOf(node: Node | undefined): string | undefined {
  if (node === undefined) return undefined
  const text = typeof node === 'string' ? node : node['#text']
  return text === undefined || text === '' ? undefined : text
}
