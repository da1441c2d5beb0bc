// The line of a bill made from a receipt: the total less the tax read, with the code that gives that tax.
import { describe, expect, it } from 'vitest'
import { billLineOf, firstWordOf, vendorNamed } from './bill-from-receipt.js'

const line = (totalMinor: bigint, taxMinor: bigint | null, province: string | null = 'ON') =>
  billLineOf({ totalMinor, taxMinor, currency: 'CAD', date: '2026-05-01' }, province)

describe('billLineOf', () => {
  it('finds the code whose rate gives the tax read', () => {
    expect(line(22600n, 2600n)).toEqual({ unitPrice: '200.00', taxCode: 'HST_ON' })
    expect(line(10500n, 500n, 'AB')).toEqual({ unitPrice: '100.00', taxCode: 'GST' })
    // 9.975% QST and 5% GST together, rounded half-even per line as a bill's line is.
    expect(line(11498n, 1498n, 'QC')).toEqual({ unitPrice: '100.00', taxCode: 'GST_QST' })
  })

  it('keeps the whole total untaxed when no code gives the tax, or none was read', () => {
    expect(line(11300n, 1000n)).toEqual({ unitPrice: '113.00', taxCode: null })
    expect(line(11300n, null)).toEqual({ unitPrice: '113.00', taxCode: null })
    expect(line(500n, 500n)).toEqual({ unitPrice: '5.00', taxCode: null })
  })
})

describe('vendorNamed', () => {
  const vendors = [
    { id: 'tim', displayName: 'Tim Hortons', businessNumber: null },
    { id: 'timber', displayName: 'Timber Mart', businessNumber: '811234567RT0001' },
    { id: 't', displayName: 'Tim', businessNumber: null },
  ]
  it('takes the business number first, then the longest name the printed one holds', () => {
    expect(vendorNamed(vendors, { vendorName: 'TIM HORTONS #2041', businessNumber: null })?.id).toBe('tim')
    expect(vendorNamed(vendors, { vendorName: 'TIM HORTONS', businessNumber: '811234567RT0001' })?.id).toBe(
      'timber',
    )
    expect(vendorNamed(vendors, { vendorName: 'TIM', businessNumber: null })?.id).toBe('t')
    expect(vendorNamed(vendors, { vendorName: 'COSTCO', businessNumber: null })).toBeUndefined()
    expect(vendorNamed(vendors, { vendorName: null, businessNumber: null })).toBeUndefined()
  })

  it('looks for the first word of the printed name', () => {
    expect(firstWordOf('  TIM HORTONS #2041')).toBe('TIM')
    expect(firstWordOf(null)).toBe('')
  })
})
