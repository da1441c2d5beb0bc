// Sales-tax codes give the exact rate of each day, and tax-inclusive amounts split to the cent.
import { describe, expect, it } from 'vitest'
import { addDays } from '../../kernel/calendar-date.js'
import {
  loadSalesTaxCodes,
  percentRate,
  type Rate,
  rateOn,
  recoverableMinor,
  returnJurisdictionOf,
  returnJurisdictionsOf,
  type SalesTaxCode,
  salesTaxCode,
  taxIncludedIn,
  taxParts,
} from './sales-tax.js'

const percent = (numerator: bigint, denominator = 100n): Rate => ({ numerator, denominator })

describe('rateOn', () => {
  it.each<[string, string, Rate | undefined]>([
    ['GST', '2007-12-31', undefined],
    ['GST', '2008-01-01', percent(5n)],
    ['GST', '2026-06-30', percent(5n)],
    ['HST_ON', '2010-06-30', undefined],
    ['HST_ON', '2010-07-01', percent(13n)],
    ['PST_ON', '2010-06-30', percent(8n)],
    ['PST_ON', '2010-07-01', undefined],
    ['HST_NS', '2010-06-30', undefined],
    ['HST_NS', '2010-07-01', percent(15n)],
    ['HST_NS', '2025-03-31', percent(15n)],
    ['HST_NS', '2025-04-01', percent(14n)],
    ['HST_NB', '2016-06-30', percent(13n)],
    ['HST_NB', '2016-07-01', percent(15n)],
    ['HST_NL', '2016-06-30', percent(13n)],
    ['HST_NL', '2016-07-01', percent(15n)],
    ['HST_PE', '2013-03-31', undefined],
    ['HST_PE', '2013-04-01', percent(14n)],
    ['HST_PE', '2016-09-30', percent(14n)],
    ['HST_PE', '2016-10-01', percent(15n)],
    ['HST_BC', '2010-07-01', percent(12n)],
    ['HST_BC', '2013-03-31', percent(12n)],
    ['HST_BC', '2013-04-01', undefined],
    ['PST_BC', '2013-03-31', undefined],
    ['PST_BC', '2013-04-01', percent(7n)],
    ['PST_MB', '2013-06-30', undefined],
    ['PST_MB', '2013-07-01', percent(8n)],
    ['PST_MB', '2019-06-30', percent(8n)],
    ['PST_MB', '2019-07-01', percent(7n)],
    ['PST_SK', '2017-03-22', percent(5n)],
    ['PST_SK', '2017-03-23', percent(6n)],
    ['QST', '2012-12-31', undefined],
    ['QST', '2013-01-01', percent(9975n, 100000n)],
    ['GST_QST', '2013-01-01', percent(14975n, 100000n)],
    ['GST_PST_BC', '2013-04-01', percent(12n)],
    ['GST_PST_MB', '2019-06-30', percent(13n)],
    ['GST_PST_MB', '2019-07-01', percent(12n)],
    ['GST_PST_SK', '2017-03-22', percent(10n)],
    ['GST_PST_SK', '2017-03-23', percent(11n)],
    ['ZERO_RATED', '2024-02-29', percent(0n)],
    ['EXEMPT', '2024-02-29', percent(0n)],
  ])('%s on %s', (id, date, expected) => {
    expect(rateOn(id, date)).toEqual(expected)
  })

  it('has no rate for an unknown code', () => {
    expect(rateOn('HST_XX', '2025-01-01')).toBeUndefined()
    expect(rateOn('gst', '2025-01-01')).toBeUndefined()
    expect(salesTaxCode('HST_XX')).toBeUndefined()
  })

  it('takes a code object as well as an id', () => {
    const code = salesTaxCode('HST_NS')
    expect(code).toBeDefined()
    if (code) expect(rateOn(code, '2025-04-01')).toEqual(percent(14n))
  })

  it('refuses a date that is not a calendar date', () => {
    expect(() => rateOn('GST', '2025-4-1')).toThrow(/YYYY-MM-DD/)
    expect(() => rateOn('GST', '2025-02-30')).toThrow(/YYYY-MM-DD/)
  })
})

describe('loadSalesTaxCodes', () => {
  const codes = loadSalesTaxCodes()

  it('ships the stable identifiers', () => {
    expect(codes.map((code) => code.id).sort()).toEqual([
      'EXEMPT',
      'GST',
      'GST_PST_BC',
      'GST_PST_MB',
      'GST_PST_SK',
      'GST_QST',
      'HST_BC',
      'HST_NB',
      'HST_NL',
      'HST_NS',
      'HST_ON',
      'HST_PE',
      'PST_BC',
      'PST_MB',
      'PST_ON',
      'PST_SK',
      'QST',
      'ZERO_RATED',
    ])
    expect(salesTaxCode('GST_QST')).toMatchObject({
      name: 'GST + QST Quebec',
      jurisdiction: 'CA-QC',
      components: ['GST', 'QST'],
      rates: [{ rate: '14.975', effectiveFrom: '2013-01-01', effectiveTo: null }],
    })
  })

  it('matches the rates of the Odoo 2023 tax list today', () => {
    const today = Object.fromEntries(
      codes.flatMap((code) => {
        const open = code.rates.find((period) => period.effectiveTo === null)
        return open ? [[code.id, open.rate]] : []
      }),
    )
    expect(today).toEqual({
      GST: '5',
      HST_ON: '13',
      HST_NS: '14',
      HST_NB: '15',
      HST_NL: '15',
      HST_PE: '15',
      QST: '9.975',
      PST_BC: '7',
      PST_MB: '7',
      PST_SK: '6',
      GST_QST: '14.975',
      GST_PST_BC: '12',
      GST_PST_MB: '12',
      GST_PST_SK: '11',
      ZERO_RATED: '0',
      EXEMPT: '0',
    })
  })

  it('keeps each history ordered, without overlaps, open only at the end', () => {
    for (const code of codes) {
      code.rates.forEach((period, index) => {
        const next = code.rates[index + 1]
        if (next === undefined) return
        expect(period.effectiveTo !== null && period.effectiveTo < next.effectiveFrom, code.id).toBe(true)
      })
    }
  })

  it('makes each combined rate the sum of its components on both sides of every change', () => {
    const combined = codes.filter((code) => code.components.length > 0)
    expect(combined.map((code) => code.id)).toEqual(['GST_QST', 'GST_PST_BC', 'GST_PST_MB', 'GST_PST_SK'])
    for (const code of combined) {
      const days = code.components.flatMap((id) =>
        (salesTaxCode(id)?.rates ?? []).flatMap((period) => [
          addDays(period.effectiveFrom, -1),
          period.effectiveFrom,
          ...(period.effectiveTo ? [period.effectiveTo, addDays(period.effectiveTo, 1)] : []),
        ]),
      )
      for (const day of days) {
        const parts = code.components.map((id) => rateOn(id, day))
        const own = rateOn(code, day)
        const sum = parts.reduce<Rate | undefined>(
          (total, part) =>
            total && part
              ? {
                  numerator: total.numerator * part.denominator + part.numerator * total.denominator,
                  denominator: total.denominator * part.denominator,
                }
              : undefined,
          percent(0n),
        )
        // Both undefined (a component has no rate that day), or equal as fractions.
        expect(own === undefined, `${code.id} on ${day}`).toBe(sum === undefined)
        if (own && sum) {
          expect(own.numerator * sum.denominator, `${code.id} on ${day}`).toBe(
            sum.numerator * own.denominator,
          )
        }
      }
    }
  })

  it('hands out frozen codes', () => {
    const gst = salesTaxCode('GST')
    expect(Object.isFrozen(gst)).toBe(true)
    expect(Object.isFrozen(gst?.rates)).toBe(true)
  })
})

describe('percentRate', () => {
  it.each<[string, Rate]>([
    ['0', percent(0n)],
    ['5', percent(5n)],
    ['9.975', percent(9975n, 100000n)],
    ['14.975', percent(14975n, 100000n)],
  ])('reads %s exactly', (input, expected) => {
    expect(percentRate(input)).toEqual(expected)
  })

  it.each(['', '5%', '1e1', '-5', '05', '.5', '5.'])('refuses %j', (input) => {
    expect(() => percentRate(input)).toThrow()
  })
})

describe('taxIncludedIn', () => {
  it.each<[string, bigint, Rate, bigint]>([
    // 113.00 is 100.00 plus 13.00 of HST.
    ['113.00 at 13%', 11300n, percent(13n), 1300n],
    // 100.00 / 1.05 = 95.238..., so the tax is 4.7619... and rounds to 4.76.
    ['100.00 at 5%', 10000n, percent(5n), 476n],
    // 1149.75 gross is exactly 1000.00 plus 149.75 of GST + QST.
    ['1149.75 at 14.975%', 114975n, percent(14975n, 100000n), 14975n],
    // 100.00 * 0.14975 / 1.14975 = 13.0245...
    ['100.00 at 14.975%', 10000n, percent(14975n, 100000n), 1302n],
    // 0.42 * 12 / 112 = 0.045 exactly: the half goes to the even cent, 0.04.
    ['0.42 at 12% (tie to even, down)', 42n, percent(12n), 4n],
    // 0.14 * 12 / 112 = 0.015 exactly: the half goes to the even cent, 0.02.
    ['0.14 at 12% (tie to even, up)', 14n, percent(12n), 2n],
    ['-0.42 at 12% (a refund rounds the same way)', -42n, percent(12n), -4n],
    ['0.00 at 15%', 0n, percent(15n), 0n],
    ['100.00 zero-rated', 10000n, percent(0n), 0n],
  ])('%s', (_label, gross, rate, tax) => {
    expect(taxIncludedIn(gross, rate)).toBe(tax)
  })

  it('takes the rate of the day straight from rateOn', () => {
    const before = rateOn('HST_NS', '2025-03-31')
    const after = rateOn('HST_NS', '2025-04-01')
    expect(before && taxIncludedIn(11500n, before)).toBe(1500n)
    expect(after && taxIncludedIn(11400n, after)).toBe(1400n)
  })

  it('refuses a negative or malformed rate', () => {
    expect(() => taxIncludedIn(100n, percent(-5n))).toThrow()
    expect(() => taxIncludedIn(100n, percent(5n, 0n))).toThrow()
  })
})

describe('taxParts', () => {
  const code = (id: string) => salesTaxCode(id) as SalesTaxCode

  it.each([
    [
      'GST_QST',
      1498n,
      [
        { code: 'GST', minor: 500n },
        { code: 'QST', minor: 998n },
      ],
    ],
    [
      'GST_PST_BC',
      1200n,
      [
        { code: 'GST', minor: 500n },
        { code: 'PST_BC', minor: 700n },
      ],
    ],
    [
      'GST_PST_SK',
      1n,
      [
        { code: 'GST', minor: 0n },
        { code: 'PST_SK', minor: 1n },
      ],
    ],
    ['HST_ON', 1300n, [{ code: 'HST_ON', minor: 1300n }]],
  ])('splits %s %d into its taxes, adding up to the cent', (id, tax, parts) => {
    const found = taxParts(code(id), '2026-03-01', tax)
    expect(found).toEqual(parts)
    expect(found.reduce((sum, part) => sum + part.minor, 0n)).toBe(tax)
  })

  it('adds up whatever the amount', () => {
    for (let tax = 0n; tax < 3000n; tax += 7n) {
      for (const id of ['GST_QST', 'GST_PST_BC', 'GST_PST_MB', 'GST_PST_SK']) {
        const parts = taxParts(code(id), '2026-03-01', tax)
        expect(parts.reduce((sum, part) => sum + part.minor, 0n)).toBe(tax)
        expect(parts.every((part) => part.minor >= 0n)).toBe(true)
      }
    }
  })
})

describe('returnJurisdictionOf', () => {
  it.each([
    ['GST', 'CA'],
    ['HST_ON', 'CA'],
    ['HST_NS', 'CA'],
    ['QST', 'CA-QC'],
    ['PST_BC', 'CA-BC'],
    ['PST_SK', 'CA-SK'],
    ['PST_MB', 'CA-MB'],
    ['ZERO_RATED', undefined],
    ['EXEMPT', undefined],
  ])('files %s on %s', (id, jurisdiction) => {
    expect(returnJurisdictionOf(id)).toBe(jurisdiction)
  })

  it('files a combined code on the returns of its parts', () => {
    expect(returnJurisdictionsOf(salesTaxCode('GST_QST') as SalesTaxCode)).toEqual(['CA', 'CA-QC'])
    expect(returnJurisdictionsOf(salesTaxCode('HST_ON') as SalesTaxCode)).toEqual(['CA'])
    expect(returnJurisdictionsOf(salesTaxCode('EXEMPT') as SalesTaxCode)).toEqual([])
  })
})

describe('recoverableMinor', () => {
  it.each([
    [{ code: 'HST_ON', minor: 1300n }, false, 1300n],
    [{ code: 'HST_ON', minor: 1300n }, true, 650n],
    // half of 0.05 is 0.025, to the even cent
    [{ code: 'GST', minor: 5n }, true, 2n],
    [{ code: 'GST', minor: 7n }, true, 4n],
    [{ code: 'QST', minor: 998n }, true, 499n],
    [{ code: 'PST_BC', minor: 700n }, false, 0n],
    [{ code: 'PST_BC', minor: 700n }, true, 0n],
  ])('claims back of %o (meals %s) %s', (part, meals, recoverable) => {
    expect(recoverableMinor(part, meals)).toBe(recoverable)
  })
})
