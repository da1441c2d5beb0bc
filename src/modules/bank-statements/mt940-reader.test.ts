// MT940 statements read into rows: decimal commas, the three :86: styles, reversals, balances.

import { describe, expect, it } from 'vitest'
import { bankFile, refusalOf } from '../../../test/support/bank-files.js'
import { readMt940 } from './mt940-reader.js'

const fixture = bankFile('actual_mt940_EUR.sta').toString('utf8')
const refusal = (text: string) => refusalOf(readMt940(text))

describe('readMt940', () => {
  it('reads the account, the balances and every :61: with its :86: details', () => {
    const statement = readMt940(fixture)
    if (!statement.ok) throw new Error(statement.error.message)
    const { rows, ...rest } = statement.value
    expect(rest).toEqual({
      currency: 'EUR',
      accountId: 'FR7630006000011234567890189',
      openingBalance: '1500.00',
      closingBalance: '2496.71',
      closingDate: '2025-08-06',
    })
    expect(rows.map((r) => [r.transactionDate, r.amount, r.description, r.memo, r.reference])).toEqual([
      ['2025-08-01', '-42.50', "Boulangerie L'Étoile", 'Facture 2025-0042', 'BANKREF001'],
      ['2025-08-02', '1200.00', 'Employeur Acme SARL', 'Salaire août 2025', 'BANKREF002'],
      ['2025-08-03', '-89.99', 'MÜLLER GMBH', 'Rechnung 4711', 'BANKREF003'],
      ['2025-08-04', '-15.00', 'RETRAIT GUICHET AUTOMATIQUE', '', 'BANKREF004'],
      ['2025-08-05', '-24.80', 'A44?Librairie Gibert Joseph Virement en ligne', '', 'BANKREF005'],
      ['2025-08-06', '-31.00', 'B32?TREMBLAY, MARIE Paiement mobile', '', 'BANKREF006'],
    ])
  })

  it('takes the booking date across a year end, turns reversals, and keeps a customer reference', () => {
    const text = ':20:X\n:60F:C251231EUR0,\n:61:2512310102RD10,NTRFINV-9\n:86:Refund\n:62F:C260102EUR10,00\n'
    const statement = readMt940(text)
    if (!statement.ok) throw new Error(statement.error.message)
    expect(statement.value.rows).toEqual([
      {
        position: 'Line 3',
        transactionDate: '2026-01-02',
        amount: '10',
        description: 'Refund',
        memo: '',
        reference: 'INV-9',
      },
    ])
    expect(statement.value.openingBalance).toBe('0')
  })

  it('refuses lines it cannot read and days that do not exist, by line', () => {
    expect(refusal(':20:X\n:61:250230D1,00NTRFNONREF\n')).toBe('Line 2, :61:: 2025-02-30 is not a date.')
    expect(refusal(':20:X\n:61:garbage\n')).toBe('Line 2, :61:: "garbage" is not a statement line.')
    expect(refusal(':20:X\n:60F:C250101EUR1.500,00\n')).toMatch(
      /^Line 2, :60F:: "C250101EUR1.500,00" is not a balance\.$/,
    )
    expect(refusal(':61:250101D1,00NTRFNONREF\n')).toBe('The MT940 file has no :20: field.')
  })
})
