// An account's own fields are valid exactly when DESIGN 5.3's type and classification rules hold, and its balance follows its nature.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { limits } from '../../kernel/limits.js'
import type { TaxCodeRecord } from '../tax-codes/tax-codes-port.js'
import {
  type AccountType,
  accountTypes,
  type Classification,
  classificationOfAccountType,
  classifications,
} from '../tax-codes/tax-codes-port.js'
import { isDebitNatural, naturalBalance, validateAccount } from './account.js'

const taxCode = (code: string, accountType: AccountType): TaxCodeRecord => ({
  id: `tax-${code}`,
  code,
  name: `GIFI ${code}`,
  accountType,
  classification: classificationOfAccountType[accountType],
  isTotalLine: false,
})

const typed = (accountType: string, classification: string) => ({
  name: 'Chequing',
  accountType,
  classification,
})
const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error?.code)

describe('validateAccount without a GIFI code', () => {
  it.each(accountTypes)('accepts %s with its own classification', (accountType) => {
    const classification = classificationOfAccountType[accountType]
    expect(validateAccount(typed(accountType, classification), undefined)).toEqual({
      ok: true,
      value: {
        name: 'Chequing',
        accountType,
        classification,
        subType: '',
        lastFour: null,
        parentId: null,
        taxCodeId: null,
      },
    })
  })

  it('refuses every type with a classification other than its own', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...accountTypes),
        fc.constantFrom(...classifications),
        (type, classification) => {
          fc.pre(classificationOfAccountType[type] !== classification)
          expect(validateAccount(typed(type, classification), undefined)).toMatchObject({
            ok: false,
            error: { code: 'ACCOUNT_TYPE_MISMATCH', field: 'accountType' },
          })
        },
      ),
    )
  })

  it('needs both the type and the classification', () => {
    expect(validateAccount({ name: 'Cash', classification: 'asset' }, undefined)).toMatchObject({
      ok: false,
      error: { code: 'ACCOUNT_TYPE_REQUIRED', field: 'accountType' },
    })
    expect(
      validateAccount({ name: 'Cash', accountType: 'bank', classification: null }, undefined),
    ).toMatchObject({
      ok: false,
      error: { code: 'ACCOUNT_TYPE_REQUIRED', field: 'classification' },
    })
  })

  it('refuses a type or classification outside the lists, whatever its case', () => {
    for (const [type, classification, code] of [
      ['Bank', 'asset', 'INVALID_ACCOUNT_TYPE'],
      ['savings', 'asset', 'INVALID_ACCOUNT_TYPE'],
      ['', 'asset', 'INVALID_ACCOUNT_TYPE'],
      ['bank', 'Asset', 'INVALID_CLASSIFICATION'],
      ['bank', 'assets', 'INVALID_CLASSIFICATION'],
      ['bank', '', 'INVALID_CLASSIFICATION'],
    ] as const) {
      expect(codeOf(validateAccount(typed(type, classification), undefined))).toBe(code)
    }
  })

  it('checks the name first, then the type, then the classification', () => {
    expect(
      codeOf(validateAccount({ name: ' ', accountType: 'nope', classification: 'nope' }, undefined)),
    ).toBe('INVALID_NAME')
    expect(
      codeOf(validateAccount({ name: 'A', accountType: 'nope', classification: 'nope' }, undefined)),
    ).toBe('INVALID_ACCOUNT_TYPE')
  })
})

describe('validateAccount with a GIFI code', () => {
  const creditCards = taxCode('2620', 'accounts_payable')

  it('takes the type and classification from the code when none is given', () => {
    expect(validateAccount({ name: 'Suppliers' }, creditCards)).toMatchObject({
      ok: true,
      value: { accountType: 'accounts_payable', classification: 'liability', taxCodeId: 'tax-2620' },
    })
  })

  it('lets a type refine the code within its classification', () => {
    expect(validateAccount({ name: 'Visa', accountType: 'credit_card' }, creditCards)).toMatchObject({
      ok: true,
      value: { accountType: 'credit_card', classification: 'liability' },
    })
  })

  it('refuses a type or classification that leaves the code’s classification', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...accountTypes),
        fc.constantFrom(...accountTypes),
        (codeType, givenType) => {
          const code = taxCode('1000', codeType)
          const result = validateAccount({ name: 'X', accountType: givenType }, code)
          const fits = classificationOfAccountType[givenType] === classificationOfAccountType[codeType]
          expect(codeOf(result)).toBe(fits ? 'ok' : 'ACCOUNT_TYPE_MISMATCH')
        },
      ),
    )
    expect(validateAccount({ name: 'X', classification: 'asset' }, creditCards)).toMatchObject({
      ok: false,
      error: { code: 'ACCOUNT_TYPE_MISMATCH', field: 'classification' },
    })
  })
})

describe('validateAccount on the free-text fields', () => {
  const valid = typed('bank', 'asset')

  it('bounds the name by the shared name limit', () => {
    expect(codeOf(validateAccount({ ...valid, name: 'n'.repeat(limits.nameLengthMax) }, undefined))).toBe(
      'ok',
    )
    for (const name of ['', '   ', '\t\n', 'n'.repeat(limits.nameLengthMax + 1), 'Bank\u0000']) {
      expect(validateAccount({ ...valid, name }, undefined)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_NAME', field: 'name' },
      })
    }
  })

  it('keeps the name exactly as given', () => {
    expect(validateAccount({ ...valid, name: '  Petty cash ' }, undefined)).toMatchObject({
      ok: true,
      value: { name: '  Petty cash ' },
    })
  })

  it('bounds the sub-type and refuses NUL in it', () => {
    const longest = 's'.repeat(limits.subTypeLengthMax)
    expect(validateAccount({ ...valid, subType: longest }, undefined)).toMatchObject({
      ok: true,
      value: { subType: longest },
    })
    for (const subType of [`${longest}s`, 'a\u0000b']) {
      expect(validateAccount({ ...valid, subType }, undefined)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_SUB_TYPE', field: 'subType' },
      })
    }
  })

  it('accepts exactly four digits as lastFour', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), (lastFour) => {
        const result = validateAccount({ ...valid, lastFour }, undefined)
        expect(codeOf(result)).toBe(/^[0-9]{4}$/.test(lastFour) ? 'ok' : 'INVALID_LAST_FOUR')
      }),
    )
    expect(validateAccount({ ...valid, lastFour: '０１２３' }, undefined)).toMatchObject({ ok: false })
    expect(validateAccount({ ...valid, lastFour: null }, undefined)).toMatchObject({
      value: { lastFour: null },
    })
  })
})

describe('naturalBalance', () => {
  const amount = fc.bigInt({ min: 0n, max: 10n ** 15n })
  const classification = fc.constantFrom<Classification>(...classifications)

  it('grows with debits for assets and expenses, with credits for the rest', () => {
    expect(classifications.filter(isDebitNatural)).toEqual(['asset', 'expense'])
    fc.assert(
      fc.property(classification, amount, (c, minor) => {
        expect(naturalBalance(c, minor, 0n)).toBe(isDebitNatural(c) ? minor : -minor)
        expect(naturalBalance(c, 0n, minor)).toBe(isDebitNatural(c) ? -minor : minor)
      }),
    )
  })

  it('turns over when debits and credits swap, and is zero when they are equal', () => {
    fc.assert(
      fc.property(classification, amount, amount, (c, debit, credit) => {
        expect(naturalBalance(c, credit, debit)).toBe(-naturalBalance(c, debit, credit))
        expect(naturalBalance(c, debit, debit)).toBe(0n)
      }),
    )
  })

  it('adds up: the balance of summed postings is the sum of their balances', () => {
    fc.assert(
      fc.property(classification, amount, amount, amount, amount, (c, d1, c1, d2, c2) => {
        expect(naturalBalance(c, d1 + d2, c1 + c2)).toBe(
          naturalBalance(c, d1, c1) + naturalBalance(c, d2, c2),
        )
      }),
    )
  })
})
