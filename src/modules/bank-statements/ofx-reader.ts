import { ok, type Result } from '../../kernel/result.js'
import { findElement, findElements, leaf, type OfxElement, readOfxTree } from './ofx-tree.js'
import { type FileRow, fileFail, type StatementFile, signedAmount, statementDate } from './statement-file.js'

// OFX 1 (SGML) and 2 (XML) and QFX: bank statements (STMTRS) and card statements (CCSTMTRS).
// TRNAMT carries the sign, whatever TRNTYPE says; FITID is the bank's id for the row.

export function readOfx(text: string): Result<StatementFile> {
  const tree = readOfxTree(text)
  if (!tree.ok) return tree
  const statements = [...findElements(tree.value, 'STMTRS'), ...findElements(tree.value, 'CCSTMTRS')]
  if (statements.length === 0) return fileFail('The OFX file holds no bank or card statement (STMTRS).')
  if (statements.length > 1) {
    return fileFail(
      `The OFX file holds ${statements.length} statements; import one account's file at a time.`,
    )
  }
  const statement = statements[0] as OfxElement
  const rows: FileRow[] = []
  for (const transaction of findElements(statement, 'STMTTRN')) {
    const row = rowOf(transaction)
    if (!row.ok) return row
    rows.push(row.value)
  }
  const closing = findElement(statement, 'LEDGERBAL')
  const closingAmount = closing && leaf(closing, 'BALAMT')
  let closingBalance: string | undefined
  let closingDate: string | undefined
  if (closing && closingAmount !== undefined) {
    const where = `Line ${closing.line}, LEDGERBAL`
    const amount = signedAmount(closingAmount, where)
    if (!amount.ok) return amount
    closingBalance = amount.value
    const asOf = leaf(closing, 'DTASOF')
    if (asOf !== undefined) {
      const date = ofxDate(asOf, 'DTASOF', where)
      if (!date.ok) return date
      closingDate = date.value
    }
  }
  return ok({
    currency: leaf(statement, 'CURDEF')?.toUpperCase(),
    accountId: accountIdOf(statement),
    rows,
    openingBalance: undefined,
    closingBalance,
    closingDate,
  })
}

function rowOf(transaction: OfxElement): Result<FileRow> {
  const where = `Line ${transaction.line}, STMTTRN`
  const posted = leaf(transaction, 'DTPOSTED')
  if (posted === undefined) return fileFail(`${where}: DTPOSTED is missing.`)
  const date = ofxDate(posted, 'DTPOSTED', where)
  if (!date.ok) return date
  const amountText = leaf(transaction, 'TRNAMT')
  if (amountText === undefined) return fileFail(`${where}: TRNAMT is missing.`)
  const amount = signedAmount(amountText, where)
  if (!amount.ok) return amount
  const name = leaf(transaction, 'NAME')?.trim() ?? ''
  const memo = leaf(transaction, 'MEMO')?.trim() ?? ''
  const description = name || memo || leaf(transaction, 'TRNTYPE')?.trim() || ''
  const fitId = leaf(transaction, 'FITID')?.trim()
  return ok({
    position: `Line ${transaction.line}`,
    transactionDate: date.value,
    amount: amount.value,
    description,
    // The memo is kept only when it says more than the description already does.
    memo: name ? memo : '',
    reference: fitId ? fitId : null,
  })
}

// YYYYMMDD, then an optional time and zone ([-5:EST]): the date is the bank's day.
function ofxDate(text: string, field: string, where: string): Result<string> {
  const day = /^(\d{4})(\d{2})(\d{2})/.exec(text)
  if (!day) return fileFail(`${where}: ${field} "${text.slice(0, 40)}" is not a date.`)
  return statementDate(day[1] as string, day[2] as string, day[3] as string, where)
}

function accountIdOf(statement: OfxElement): string | undefined {
  const bank = findElement(statement, 'BANKACCTFROM')
  if (bank) {
    const bankId = leaf(bank, 'BANKID')?.trim()
    const accountId = leaf(bank, 'ACCTID')?.trim()
    if (accountId) return bankId ? `${bankId}:${accountId}` : accountId
  }
  const card = findElement(statement, 'CCACCTFROM')
  return card ? leaf(card, 'ACCTID')?.trim() || undefined : undefined
}
