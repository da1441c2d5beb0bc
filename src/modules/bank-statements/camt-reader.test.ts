// camt.053 statements read into rows: signs, reversals, batches, balances, and hostile XML refused.

import { describe, expect, it } from 'vitest'
import { accepted, bankFile, refusalOf } from '../../../test/support/bank-files.js'
import { readCamt053 } from './camt-reader.js'

const fixture = (name: string) => bankFile(name).toString('utf8')
const read = (text: string) => accepted(readCamt053(text))
const refusal = (text: string) => refusalOf(readCamt053(text))

const camt = (entries: string, balances = '') => `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt>
<Acct><Id><IBAN>CH9300762011623852957</IBAN></Id><Ccy>CHF</Ccy></Acct>${balances}${entries}</Stmt></BkToCstmrStmt></Document>`

const entry = (inner: string) =>
  `<Ntry><Amt Ccy="CHF">10.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>${inner}</Ntry>`

describe('readCamt053', () => {
  it('reads version .02: debits as negative amounts, payee, memo, reference and balances that add up', () => {
    const statement = read(fixture('ofxstatement-iso20022_camt053_v02_EUR_simple.xml'))
    expect(statement.currency).toBe('EUR')
    expect(statement.accountId).toBe('LT000000000000000000')
    expect(statement.openingBalance).toBe('306.53')
    expect(statement.closingBalance).toBe('125.52')
    expect(statement.closingDate).toBe('2015-12-31')
    expect(statement.rows.map((r) => r.amount)).toEqual(['-0.29', '-0.29', '-28.19', '-152.24'])
    expect(statement.rows[0]).toMatchObject({
      transactionDate: '2015-12-31',
      description: 'AB DNB Bankas',
      memo: 'Sąskaitos aptarnavimo mokestis',
      reference: 'FC1261858984',
    })
  })

  it('reads version .08: the party under Pty, the entry reference first', () => {
    const statement = read(fixture('ofxstatement-iso20022_camt053_v08_CHF.xml'))
    expect(statement).toMatchObject({
      currency: 'CHF',
      openingBalance: '832.01',
      closingBalance: '2116.31',
      closingDate: '2023-01-25',
    })
    expect(statement.rows).toEqual([
      {
        position: 'Stmt[1]/Ntry[1]',
        transactionDate: '2023-01-25',
        amount: '1284.30',
        description: 'PAYEE',
        memo: 'PAYMENT INFO',
        reference: '8082230156M02SJ62/1010',
      },
    ])
  })

  it('turns a reversal, skips entries not booked, and splits a batch into its transactions', () => {
    const batch = `<Ntry><Amt Ccy="CHF">30.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><DtTm>2024-03-02T10:00:00</DtTm></BookgDt><NtryRef>B7</NtryRef><NtryDtls>
<TxDtls><Refs><EndToEndId>E1</EndToEndId></Refs><Amt Ccy="CHF">10.00</Amt><RltdPties><Dbtr><Nm>Ann</Nm></Dbtr></RltdPties></TxDtls>
<TxDtls><Amt Ccy="CHF">20.00</Amt><RltdPties><Dbtr><Pty><Nm>Bob</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>Invoice</Ustrd><Ustrd>42</Ustrd></RmtInf></TxDtls>
</NtryDtls></Ntry>`
    const statement = read(
      camt(
        entry('<RvslInd>true</RvslInd><AcctSvcrRef>R1</AcctSvcrRef>') +
          entry('<Sts>PDNG</Sts>').replace('<Sts>BOOK</Sts>', '') +
          batch,
      ),
    )
    expect(statement.rows.map((r) => [r.position, r.amount, r.description, r.memo, r.reference])).toEqual([
      ['Stmt[1]/Ntry[1]', '10.00', '', '', 'R1'],
      ['Stmt[1]/Ntry[3]/TxDtls[1]', '10.00', 'Ann', '', 'E1'],
      ['Stmt[1]/Ntry[3]/TxDtls[2]', '20.00', 'Bob', 'Invoice 42', 'B7/2'],
    ])
    expect(statement.rows[1]?.transactionDate).toBe('2024-03-02')
  })

  it('signs a debit balance negative', () => {
    const balance = (code: string, amount: string, sign: string) =>
      `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd></Bal>`
    const statement = read(camt(entry(''), balance('PRCD', '5.00', 'CRDT') + balance('CLBD', '5.00', 'DBIT')))
    expect([statement.openingBalance, statement.closingBalance]).toEqual(['5.00', '-5.00'])
    expect(statement.closingDate).toBeUndefined()
  })

  it('refuses document types, broken XML, negative amounts and days that do not exist, naming where', () => {
    expect(refusal(`<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><Document/>`)).toMatch(
      /declares a document type/,
    )
    const whole = fixture('ofxstatement-iso20022_camt053_v08_CHF.xml')
    expect(refusal(whole.slice(0, whole.lastIndexOf('>', 3000) + 1))).toMatch(
      /^The XML ends inside Document\/BkToCstmrStmt\/.*: the file may be cut short\.$/,
    )
    expect(refusal(`${whole.slice(0, 3000)}</Nope>`)).toMatch(/^Line \d+: the XML is not well-formed/)
    expect(refusal(camt(entry('').replace('10.00', '-10.00')))).toBe(
      'Stmt[1]/Ntry[1]: Amt must not be negative; CdtDbtInd gives the sign.',
    )
    expect(refusal(camt(entry('').replace('2024-03-01', '2025-02-30')))).toBe(
      'Stmt[1]/Ntry[1]: 2025-02-30 is not a date.',
    )
    expect(refusal(camt(entry('').replace('10.00', '1e3')))).toBe('Stmt[1]/Ntry[1]: "1e3" is not an amount.')
    expect(refusal('<Document><BkToCstmrStmt/></Document>')).toMatch(/holds no statement/)
    const deep = `<?xml version="1.0"?>${'<a>'.repeat(5_000)}${'</a>'.repeat(5_000)}`
    expect(refusal(deep)).toMatch(/^The XML cannot be read: Maximum nested tags exceeded/)
  })
})
