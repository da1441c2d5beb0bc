// GIFI codes classify by FORMATS.md section 2's ranges, and every shipped code is usable data.
import { describe, expect, it } from 'vitest'
import {
  type AccountType,
  accountTypes,
  type Classification,
  classificationOfAccountType,
  classifyGifi,
  loadGifiCodes,
} from './gifi.js'

type Row = [code: string, classification: Classification, accountType: AccountType, isTotalLine: boolean]

// One row per end of every range, then the codes the default chart and the importers rely on.
const boundaries: Row[] = [
  ['1000', 'asset', 'bank', false],
  ['1007', 'asset', 'bank', false],
  ['1008', 'asset', 'other_current_asset', false],
  ['1059', 'asset', 'other_current_asset', false],
  ['1060', 'asset', 'accounts_receivable', false],
  ['1073', 'asset', 'accounts_receivable', false],
  ['1074', 'asset', 'other_current_asset', false],
  ['1599', 'asset', 'other_current_asset', true],
  ['1600', 'asset', 'fixed_asset', false],
  ['2009', 'asset', 'fixed_asset', true],
  ['2010', 'asset', 'fixed_asset', false],
  ['2179', 'asset', 'fixed_asset', true],
  ['2180', 'asset', 'other_asset', false],
  ['2589', 'asset', 'other_asset', true],
  ['2590', 'asset', 'other_asset', false],
  ['2599', 'asset', 'other_asset', true],
  ['2600', 'liability', 'other_current_liability', false],
  ['2619', 'liability', 'other_current_liability', false],
  ['2620', 'liability', 'accounts_payable', false],
  ['2629', 'liability', 'accounts_payable', false],
  ['2630', 'liability', 'other_current_liability', false],
  ['3139', 'liability', 'other_current_liability', true],
  ['3140', 'liability', 'long_term_liability', false],
  ['3450', 'liability', 'long_term_liability', true],
  ['3460', 'liability', 'long_term_liability', false],
  ['3499', 'liability', 'long_term_liability', true],
  ['3500', 'equity', 'equity', false],
  ['3640', 'equity', 'equity', true],
  ['3660', 'equity', 'equity', false],
  ['3849', 'equity', 'equity', true],
  ['8000', 'revenue', 'income', false],
  ['8299', 'revenue', 'income', true],
  ['8300', 'expense', 'cost_of_goods_sold', false],
  ['8519', 'expense', 'cost_of_goods_sold', true],
  ['8520', 'expense', 'expense', false],
  ['9369', 'expense', 'expense', true],
  ['9370', 'revenue', 'income', false],
  ['9659', 'revenue', 'income', true],
  ['9660', 'expense', 'expense', false],
  ['9899', 'expense', 'expense', true],
  ['9970', 'expense', 'expense', true],
  ['9999', 'expense', 'expense', true],
]

const specialPoints: Row[] = [
  ['1002', 'asset', 'bank', false],
  ['1060', 'asset', 'accounts_receivable', false],
  ['1483', 'asset', 'other_current_asset', false],
  ['2620', 'liability', 'accounts_payable', false],
  ['2680', 'liability', 'other_current_liability', false],
  ['3600', 'equity', 'equity', false],
  ['3620', 'equity', 'equity', true],
  ['8000', 'revenue', 'income', false],
  ['8089', 'revenue', 'income', true],
  ['8320', 'expense', 'cost_of_goods_sold', false],
  // Cost of sales is the computed sum of 8300-8504, so it cannot hold an account; 8320 does.
  ['8518', 'expense', 'cost_of_goods_sold', true],
  ['8715', 'expense', 'expense', false],
  ['8716', 'expense', 'expense', false],
  ['8810', 'expense', 'expense', false],
  ['9367', 'expense', 'expense', true],
  ['9368', 'expense', 'expense', true],
  ['9400', 'revenue', 'income', false],
  ['9421', 'revenue', 'income', false],
  ['9714', 'expense', 'expense', false],
  ['9898', 'expense', 'expense', true],
  ['9990', 'expense', 'expense', false],
]

// FORMATS.md section 2's list of totals and computed lines.
const formatsTotalLines = [
  '1599',
  '2008',
  '2009',
  '2178',
  '2179',
  '2589',
  '2599',
  '3139',
  '3450',
  '3499',
  '3620',
  '3640',
  '3849',
  '8089',
  '8299',
  '8518',
  '8519',
  '9367',
  '9368',
  '9369',
  '9659',
  '9898',
  '9899',
  '9970',
  '9999',
]

describe('classifyGifi', () => {
  it.each([...boundaries, ...specialPoints])(
    '%s is %s / %s (total line: %s)',
    (code, classification, accountType, isTotalLine) => {
      expect(classifyGifi(code)).toEqual({ ok: true, value: { classification, accountType, isTotalLine } })
    },
  )

  it.each(['0999', '3641', '3659', '3850', '5000', '7999', '9900', '9969'])(
    'refuses %s, which is in no GIFI section',
    (code) => {
      const result = classifyGifi(code)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error).toMatchObject({ code: 'INVALID_TAX_CODE', field: 'taxCode' })
    },
  )

  it.each(['', '100', '10000', ' 1002', '1002 ', '10.2', '-100', '1e3', 'abcd', '１００２'])(
    'refuses the malformed code %j',
    (code) => {
      const result = classifyGifi(code)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.code).toBe('INVALID_TAX_CODE')
    },
  )

  it('names the field it was given', () => {
    const result = classifyGifi('5000', 'gifi')
    expect(result.ok ? undefined : result.error.field).toBe('gifi')
  })

  it.each(formatsTotalLines)('flags %s as a total line', (code) => {
    const result = classifyGifi(code)
    expect(result.ok && result.value.isTotalLine).toBe(true)
  })

  it('gives every account type the classification DESIGN 5.3 implies', () => {
    expect(accountTypes).toHaveLength(15)
    expect(classificationOfAccountType).toMatchObject({
      bank: 'asset',
      credit_card: 'liability',
      cost_of_goods_sold: 'expense',
      income: 'revenue',
      other_income: 'revenue',
      long_term_liability: 'liability',
    })
  })
})

describe('loadGifiCodes', () => {
  const codes = loadGifiCodes()

  it('ships unique four-digit codes in order, each with a name', () => {
    expect(codes).toHaveLength(719)
    const numbers = codes.map((entry) => Number(entry.code))
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    expect(new Set(numbers).size).toBe(codes.length)
    for (const entry of codes) {
      expect(entry.code).toMatch(/^\d{4}$/)
      expect(entry.name.trim()).not.toBe('')
    }
  })

  it('classifies every shipped code exactly as classifyGifi does', () => {
    for (const { code, classification, accountType, isTotalLine } of codes) {
      expect(classifyGifi(code)).toEqual({ ok: true, value: { classification, accountType, isTotalLine } })
      expect(classificationOfAccountType[accountType]).toBe(classification)
    }
  })

  it('ships no code from the LedgerSMB typo range 9321-9326, and ships 9421-9426 instead', () => {
    expect(codes.filter((entry) => entry.code >= '9321' && entry.code <= '9326')).toEqual([])
    const crops = codes.filter((entry) => entry.code >= '9421' && entry.code <= '9426')
    expect(crops.map((entry) => [entry.code, entry.name])).toEqual([
      ['9421', 'Fruit'],
      ['9422', 'Potatoes'],
      ['9423', 'Vegetables'],
      ['9424', 'Tobacco'],
      ['9425', 'Greenhouse & Nursery Products'],
      ['9426', 'Forage Crops'],
    ])
    for (const crop of crops) expect(crop.classification).toBe('revenue')
  })

  it('flags exactly the listed total lines, including every "Total ..." name', () => {
    const flagged = codes.filter((entry) => entry.isTotalLine).map((entry) => entry.code)
    expect(flagged).toEqual(formatsTotalLines)
    for (const entry of codes.filter((candidate) => /^total\b/i.test(candidate.name))) {
      expect(entry.isTotalLine).toBe(true)
    }
  })

  it('ships the codes of the default chart, none of them a total line', () => {
    const byCode = new Map(codes.map((entry) => [entry.code, entry]))
    for (const code of ['1002', '1060', '1483', '2620', '2680', '3600', '8000', '8320', '8715', '8810']) {
      expect(byCode.get(code)?.isTotalLine).toBe(false)
    }
    expect(byCode.get('1002')?.name).toBe('Deposits In Canadian Banks And Institutions - Canadian Currency')
    expect(byCode.get('2680')?.nameFr).toBe('Taxes et impôts à payer')
  })

  it('reads quoted names with commas, and corrects the old spellings', () => {
    const byCode = new Map(codes.map((entry) => [entry.code, entry]))
    expect(byCode.get('1007')?.name).toBe('Other Cash Like Instruments - Gold Bullion, Silver Bullion')
    expect(byCode.get('8097')?.name).toBe('Dividends From Foreign Sources')
    expect(byCode.get('3660')?.nameFr).toBeUndefined()
    for (const entry of codes) {
      expect(entry.name).not.toMatch(/Doubtfull|Intrest|Provinvial|RealizaTion|Exporation|Stationary/)
    }
  })

  it('leaves out the LedgerSMB codes CRA does not have', () => {
    const shipped = new Set(codes.map((entry) => entry.code))
    for (const code of ['8304', '8321', '8322', '8331', '8504']) expect(shipped.has(code)).toBe(false)
  })

  it('hands out a fresh list of frozen entries', () => {
    const list = loadGifiCodes()
    expect(list).not.toBe(codes)
    expect(Object.isFrozen(list[0])).toBe(true)
  })
})
