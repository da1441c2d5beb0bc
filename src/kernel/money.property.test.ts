// Money strings and minor units convert both ways without loss, for every currency's minor units, and nothing else parses.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { currencyDecimals } from './currency.js'
import { limits } from './limits.js'
import { divideHalfEven, formatMoney, moneyToNumber, parseMoney, parsePositiveMoney } from './money.js'

// One currency for each number of minor units ISO 4217 uses for a currency.
const currencies = ['JPY', 'CAD', 'BHD'] as const
const decimalsOf = currencies.map((code) => currencyDecimals(code))

/** The largest magnitude, in minor units, whose decimal string still fits the digit limit. */
const inRangeMax = 10n ** BigInt(limits.moneyDigitsMax) - 1n

const digitString = (minLength: number, maxLength: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength, maxLength }).map((ds) => ds.join(''))

/** A whole part as the parser wants it: 0, or digits without a leading zero. */
const wholePart = (maxLength: number) =>
  fc.oneof(
    fc.constant('0'),
    fc
      .tuple(fc.constantFrom(...'123456789'), digitString(0, maxLength - 1))
      .map(([first, rest]) => first + rest),
  )

/** A valid decimal string for `decimals` minor digits, with its sign, whole part and fraction. */
const validDecimal = (decimals: number) =>
  fc
    .tuple(fc.boolean(), wholePart(limits.moneyDigitsMax - decimals), digitString(0, decimals))
    .filter(([negative, whole, fraction]) => !(negative && /^0*$/.test(whole + fraction)))
    .map(([negative, whole, fraction]) => ({ negative, whole, fraction }))

const render = ({ negative, whole, fraction }: { negative: boolean; whole: string; fraction: string }) =>
  `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`

describe.each(decimalsOf.map((decimals, i) => [currencies[i], decimals] as const))(
  'money in %s (%i minor digits)',
  (_code, decimals) => {
    it('formats a parsed string back to the same amount, written with every minor digit', () => {
      fc.assert(
        fc.property(validDecimal(decimals), (parts) => {
          const parsed = parseMoney(render(parts), decimals)
          expect(parsed.ok).toBe(true)
          if (!parsed.ok) return
          const canonical = { ...parts, fraction: parts.fraction.padEnd(decimals, '0') }
          expect(formatMoney(parsed.value, decimals)).toBe(render(canonical))
        }),
      )
    })

    it('parses a formatted amount back to the same minor units, across the whole range', () => {
      fc.assert(
        fc.property(fc.bigInt({ min: -inRangeMax, max: inRangeMax }), (minor) => {
          expect(parseMoney(formatMoney(minor, decimals), decimals)).toEqual({ ok: true, value: minor })
        }),
      )
    })

    it('refuses the formatted form of any amount beyond the range', () => {
      fc.assert(
        fc.property(
          fc.bigInt({ min: inRangeMax + 1n, max: inRangeMax * 1_000n }),
          fc.boolean(),
          (magnitude, negative) => {
            const parsed = parseMoney(formatMoney(negative ? -magnitude : magnitude, decimals), decimals)
            expect(parsed).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } })
          },
        ),
      )
    })

    it('refuses a string with more fraction digits than the currency has', () => {
      fc.assert(
        fc.property(
          validDecimal(decimals),
          digitString(1, 4),
          fc.constantFrom(...'123456789'),
          (parts, extra, last) => {
            // The last digit is not zero, so the extra precision is real, never padding.
            const fraction = parts.fraction.padEnd(decimals, '0') + extra + last
            const parsed = parseMoney(render({ ...parts, fraction }), decimals)
            expect(parsed).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } })
          },
        ),
      )
    })

    it('refuses every spelling of a valid amount other than the plain decimal one', () => {
      const misspell = fc.constantFrom(
        (s: string) => ` ${s}`,
        (s: string) => `${s} `,
        (s: string) => `+${s}`,
        (s: string) => `0${s.replace(/^-/, '')}`,
        (s: string) => `${s}.`,
        (s: string) => `${s}e0`,
        (s: string) => s.replace('.', ','),
        (s: string) => `${s.slice(0, 1)}_${s.slice(1)}`,
        (s: string) => `${s}\u0000`,
        (s: string) => `\u0661${s}`,
      )
      fc.assert(
        fc.property(validDecimal(decimals), misspell, (parts, spell) => {
          const original = render(parts)
          const spelled = spell(original)
          // A comma in place of a missing dot changes nothing, so that spelling proves nothing.
          fc.pre(spelled !== original)
          expect(parseMoney(spelled, decimals)).toMatchObject({
            ok: false,
            error: { code: 'INVALID_AMOUNT' },
          })
        }),
      )
    })

    it('accepts only strings that format back to themselves once padded', () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 24, unit: fc.constantFrom(...'-.0123456789 +e,') }), (input) => {
          const parsed = parseMoney(input, decimals)
          if (!parsed.ok) return
          const [whole = '', fraction = ''] = input.split('.')
          const padded = `${whole}${decimals > 0 ? `.${fraction.padEnd(decimals, '0')}` : ''}`
          expect(formatMoney(parsed.value, decimals)).toBe(padded)
        }),
      )
    })

    it('takes a positive amount only when it is greater than zero', () => {
      fc.assert(
        fc.property(fc.bigInt({ min: -inRangeMax, max: inRangeMax }), (minor) => {
          const parsed = parsePositiveMoney(formatMoney(minor, decimals), decimals)
          expect(parsed.ok).toBe(minor > 0n)
        }),
      )
    })

    it('gives the JSON number nearest the exact amount', () => {
      const exactMax = 2n ** 53n - 1n
      fc.assert(
        fc.property(fc.bigInt({ min: -exactMax, max: exactMax }), (minor) => {
          expect(moneyToNumber(minor, decimals)).toBe(Number(minor) / 10 ** decimals)
        }),
      )
    })
  },
)

describe('divideHalfEven', () => {
  const nonZero = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((d) => d !== 0n)
  const numerator = fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n })
  const abs = (n: bigint) => (n < 0n ? -n : n)

  it('lands within half a unit of the exact quotient, and on the even neighbour at a tie', () => {
    fc.assert(
      fc.property(numerator, nonZero, (n, d) => {
        const q = divideHalfEven(n, d)
        const twiceError = abs(2n * (n - q * d))
        expect(twiceError <= abs(d)).toBe(true)
        if (twiceError === abs(d)) expect(q % 2n).toBe(0n)
      }),
    )
  })

  it('is exact when the division is', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 6n), max: 10n ** 6n }), nonZero, (q, d) => {
        expect(divideHalfEven(q * d, d)).toBe(q)
      }),
    )
  })

  it('is symmetric: negating the numerator negates the result', () => {
    fc.assert(
      fc.property(numerator, nonZero, (n, d) => {
        expect(divideHalfEven(-n, d)).toBe(-divideHalfEven(n, d))
      }),
    )
  })
})
