// The reading rules on receipts written for the purpose: rounding, cash and change, day or month first by evidence, the business behind a proprietor's name, and confidence.
import { describe, expect, it } from 'vitest'
import { limits } from '../../../kernel/limits.js'
import { confidentEnough } from '../receipt.js'
import { extractFields, type ReadingContext } from './extract-fields.js'

const read = (text: string, context: ReadingContext = {}, ocr = true) =>
  extractFields(text.replace(/^ +/gm, ''), { ocr, context })
const matchable = limits.receiptFieldConfidenceMatchMin

describe('the total', () => {
  it('is the total after rounding, not before it', () => {
    const fields = read(`
      KEDAI MAKAN SRI MURNI
      Nasi lemak 1 x 6.50 6.50
      Teh tarik 2 x 1.60 3.20
      Total Sales (Inclusive of GST) 9.72
      Rounding Adj -0.02
      Nett Total 9.70
      CASH 20.00
      CHANGE 10.30`)
    expect(fields.amountMinor).toBe(970n)
    expect(fields.confidence.amount).toBeGreaterThanOrEqual(matchable)
  })

  it('is what was paid when only the total before rounding could be read beside the rounding line', () => {
    const fields = read(`
      CAKE HOUSE SDN BHD
      Total (Incl GST) RM21.83
      Rounding RM0.02
      Total Paid RM50.00
      Change RM28.15`)
    expect(fields).toMatchObject({ amountMinor: 2185n, currency: 'MYR' })
    expect(fields.confidence.amount).toBeGreaterThanOrEqual(matchable)
  })

  it('is never the cash tendered or the change, wherever they are printed', () => {
    const fields = read(`
      CORNER DELI
      Sandwich 8.25
      Soup 4.50
      TOTAL 12.75
      CASH 50.00
      CHANGE 37.25`)
    expect(fields.amountMinor).toBe(1275n)
    // Cash less change agrees with the total: two readings, one figure.
    expect(fields.confidence.amount).toBe(0.95)
  })

  it('is not a row of the tax summary printed after it', () => {
    const fields = read(`
      HARDWARE ENTERPRISE
      TOTAL 24.00
      CASH 50.00
      CHANGE 26.00
      GST SUMMARY
      CODE AMOUNT TAX
      SR 22.64 1.36
      Total 22.64 1.36`)
    expect(fields.amountMinor).toBe(2400n)
  })

  it('is read where OCR joined two columns into one line', () => {
    expect(read('SHOP\nTOTAL SAVING: 0.00 TOTAL 25.85\nCash 50.00\nCHANGE 24.15').amountMinor).toBe(2585n)
  })

  it('repairs digits OCR read as letters, on amounts only', () => {
    expect(read('SHOP\nTOTAL 8.7O\nCASH lO.OO\nCHANGE 1.30').amountMinor).toBe(870n)
    expect(read('SHOP\nTOTAL 6-00').amountMinor).toBe(600n)
  })

  it('is less certain when the printed totals disagree and nothing settles it', () => {
    const fields = read('Bistro\nTotal 40.00\nTip 6.00\nTotal 46.00', {}, false)
    expect(fields.amountMinor).toBe(4600n)
    expect(confidentEnough(fields.confidence.amount)).toBe(false)
  })
})

describe('the date', () => {
  it('reads an ambiguous date day first when another date on the receipt can only be day first', () => {
    const fields = read('Shop\nDate: 03/04/2025 14:02\nMember since 25/11/2019\nTOTAL 5.00', {
      organizationCurrency: 'USD',
    })
    expect(fields.receiptDate).toBe('2025-04-03')
    expect(fields.confidence.receiptDate).toBeGreaterThanOrEqual(matchable)
  })

  it('reads it month first when another date can only be month first', () => {
    const fields = read('Shop\n03/04/2025 14:02\nReturn by 05/28/2025\nTOTAL 5.00', {
      organizationCurrency: 'GBP',
    })
    expect(fields.receiptDate).toBe('2025-03-04')
  })

  it('reads it day first on a receipt priced in ringgit, pounds or euros', () => {
    expect(read('Kedai\n09/01/2019\nTOTAL RM 5.00').receiptDate).toBe('2019-01-09')
    expect(read('Café\n09/01/2019\nTOTAL £5.00').receiptDate).toBe('2019-01-09')
  })

  it('reads it as the organization writes dates when the receipt says nothing', () => {
    const text = 'Shop\n09/01/2019\nTOTAL 5.00'
    expect(read(text, { organizationCurrency: 'MYR' }).receiptDate).toBe('2019-01-09')
    expect(read(text, { organizationCurrency: 'USD' }).receiptDate).toBe('2019-09-01')
  })

  it('takes the reading that is not in the future, and the one close to the upload', () => {
    expect(read('Shop\n11/03/2026\nTOTAL 5.00', { receivedOn: '2026-04-01' }).receiptDate).toBe('2026-03-11')
    const recent = read('Shop\n02/11/2026\nTOTAL 5.00', { receivedOn: '2026-11-20' })
    expect(recent.receiptDate).toBe('2026-11-02')
    expect(recent.confidence.receiptDate).toBeGreaterThanOrEqual(matchable)
  })

  it('says so when nothing decides, rather than guess with confidence', () => {
    const fields = read('Shop\n04/03/2025\nTOTAL 5.00', {
      organizationCurrency: 'CAD',
      receivedOn: '2026-11-20',
    })
    expect(fields.receiptDate).toBe('2025-04-03')
    expect(confidentEnough(fields.confidence.receiptDate)).toBe(false)
  })

  it('reads a date that cannot be swapped with confidence, whatever its form', () => {
    for (const line of [
      '13/05/2025',
      '2025-05-13',
      '13 May 2025',
      '13-MAY-25 18:02',
      'Date :13-05-202513:16:21',
      '2025-05-1314:22',
      'Entry2025-05-1308:02',
      'Date:2025-05-131315',
    ]) {
      const fields = read(`Shop\n${line}\nTOTAL 5.00`)
      expect(fields.receiptDate, line).toBe('2025-05-13')
      expect(fields.confidence.receiptDate, line).toBeGreaterThanOrEqual(matchable)
    }
  })
})

describe('the merchant', () => {
  it('is the business printed below its proprietor’s name', () => {
    const fields = read(`
      TAN WOON YANN
      BOOK TA.K (TAMAN DAYA) SDN BHD
      (789417-W)
      NO.5: 55,57 & 59, JALAN SAGU 18,
      TAX INVOICE
      TOTAL 9.00`)
    expect(fields.vendorName).toBe('BOOK TA.K (TAMAN DAYA) SDN BHD')
  })

  it('skips a person’s title, registration numbers, addresses, phones and TAX INVOICE', () => {
    const fields = read(`
      TAX INVOICE
      (1135772-K)
      MR LIM AH KOW
      GREEN LEAF TRADING
      NO. 12, JALAN MAWAR 3
      TEL: 03-3362 4137
      TOTAL 12.00`)
    expect(fields.vendorName).toBe('GREEN LEAF TRADING')
  })

  it('drops the registration number printed after the name', () => {
    expect(read('SANYU SUPPLY SDN BHD (1135772-K)\nTOTAL 1.00').vendorName).toBe('SANYU SUPPLY SDN BHD')
  })

  it('is the legal entity printed below a branch’s name', () => {
    const fields = read('SUSHI MENTAI - MAHKOTA CHERAS\nMIZU MENTAI SDN. BHD. (1248446-V)\nTOTAL 1.00')
    expect(fields.vendorName).toBe('MIZU MENTAI SDN. BHD.')
  })
})

describe('the currency', () => {
  it('is the one printed, else the organization’s', () => {
    expect(read('Shop\nTOTAL RM8.70').currency).toBe('MYR')
    expect(read('Shop\nTOTAL 8.70', { organizationCurrency: 'MYR' }).currency).toBe('MYR')
    expect(read('Shop\nTOTAL $8.70', { organizationCurrency: 'USD' }).currency).toBe('USD')
    expect(read('Shop\nTOTAL 8,70 €', { organizationCurrency: 'CAD' }).currency).toBe('EUR')
  })
})

describe('confidence and matching', () => {
  it('keeps a low-confidence field out of matching', () => {
    const guessed = read('Shop\n04/03/2025\nTOTAL 18.40', { organizationCurrency: 'CAD' })
    expect(confidentEnough(guessed.confidence.amount)).toBe(true)
    expect(confidentEnough(guessed.confidence.receiptDate)).toBe(false)
    expect(confidentEnough(null)).toBe(false)
  })
})
