// Vendor, grand total and date come out of real-looking receipt text, and nothing is guessed from noise.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { extractFields } from './extract-fields.js'

const receipts: Array<{
  name: string
  text: string
  vendor: string | null
  total: bigint | null
  currency?: string
  date: string | null
}> = [
  {
    name: 'Tim Hortons drive-through',
    vendor: 'Tim Hortons',
    total: 437n,
    date: '2026-01-17',
    text: `
      Tim Hortons #4471
      2301 Carling Ave
      Ottawa, ON K2B 7G3
      (613) 555-0107
      HST# 10139 4554 RT0001
      Drive Thru         Order 82
      1 Lg Dark Roast           2.49
      1 Timbits 10 pc           1.38
      SUBTOTAL                  3.87
      HST                       0.50
      TOTAL                     4.37
      VISA TAP                  4.37
      01/17/2026  06:52:13
      Tell us about your visit at telltims.ca`,
  },
  {
    name: 'Staples with a return deadline',
    vendor: 'Staples',
    total: 2712n,
    date: '2026-02-09',
    text: `
      Staples
      Store #0283
      1750 Queen St W
      Toronto ON M6R 1B2
      SALES RECEIPT
      Feb 9, 2026 11:04 AM   Reg 2  Trans 5571
      TRU RED PENS 12PK          8.99
      COPY PAPER 500SH           14.99
      Subtotal                   23.98
      HST 13.00%                  3.12
      Total                     $27.10
      Rounding                    0.02
      Amount Due                $27.12
      Cash                      $30.00
      Change                     $2.88
      Return by 03/11/2026 with this receipt`,
  },
  {
    name: 'Costco with savings and item count',
    // The logo is printed over two lines; the first is the name people use.
    vendor: 'COSTCO',
    total: 26074n,
    date: '2026-03-02',
    text: `
      COSTCO
      WHOLESALE
      Kanata #1263
      500 Earl Grey Dr
      Kanata, ON K2T 1B6
      E  1649870  KIRKLAND TP 30RL        24.99
      E  27003    BANANAS 3LB             1.99
         1184950  DYSON V8               349.99
         TPD/1184950                     150.00-
      E  995210   KS MAPLE SYRUP          12.89
         SUBTOTAL                        239.86
         TAX                              20.88
      ****  TOTAL                        260.74
      XXXXXXXXXXXX4218  CHIP   Read
      AID: A0000000041010
      Seq# 71234  App#: 04382R
      Mastercard  Resp: APPROVED
      Amount:  $260.74
      Mastercard                         260.74
      CHANGE                              0.00
      INSTANT SAVINGS                   $150.00
      TOTAL NUMBER OF ITEMS SOLD =     4
      03/02/2026 19:02 1263 7 214 88
      OP#: 204 Name: JASON
      Thank You!
      Please Come Again
      Whse:1263 Trm:7 Trn:214 OP:204`,
  },
  {
    name: 'restaurant with the tip written in',
    vendor: 'The Grand Pizzeria & Bar',
    total: 9390n,
    date: '2026-03-20',
    text: `
      THE GRAND PIZZERIA & BAR
      74 York St, Ottawa ON
      613-555-0171
      Table 14   Guests 4
      Server: Olivia
      20-Mar-2026  8:41 PM
      Margherita                18.00
      Diavola                   21.00
      Caesar salad              14.00
      Pitcher lager             22.00
      Subtotal                  75.00
      HST 13%                    9.75
      Total                     84.75
      Tip                        9.15
      -------------------------------
      Total                     93.90
      MASTERCARD ************4410
      Customer copy`,
  },
  {
    name: 'restaurant slip with the tip left blank',
    vendor: 'Chez Lucien',
    total: 6210n,
    date: '2026-03-21',
    text: `
      Chez Lucien
      137 Murray St, Ottawa
      2026-03-21 21:15
      Subtotal 54.96
      HST 7.14
      Total 62.10
      Tip ____________
      Total ____________
      Signature ____________`,
  },
  {
    name: 'Quebec grocery in French with TPS and TVQ',
    vendor: 'IGA extra Famille Duchemin',
    total: 4812n,
    date: '2026-03-07',
    text: `
      IGA extra Famille Duchemin
      2000, boul. René-Lévesque
      Québec (Québec) G1R 2K4
      Tél. : 418 555-0140
      TPS : 865432109 RT0001
      TVQ : 1220334455 TQ0001
      7 mars 2026     14 h 32
      LAIT 2 % 2 L                 5,49
      PAIN TRANCHÉ                 3,99
      FROMAGE OKA                 14,99
      PAPIER ESSUIE-TOUT TX       18,99
      SOUS-TOTAL                  43,46
      TPS 5 %                      0,95
      TVQ 9,975 %                  1,89
      ARRONDI                      0,00
      TOTAL À PAYER               48,12 $
      PAIEMENT DIRECT             48,12 $
      Merci de votre visite!`,
  },
  {
    name: 'Quebec café where the date is day first',
    vendor: 'Café Névé',
    total: 1179n,
    date: '2026-03-04',
    text: `
      Café Névé
      151, rue Rachel Est
      Montréal (Québec) H2W 1E1
      Reçu no 20418
      Date : 04/03/2026 9:12
      Latté                5,50 $
      Biscotti             3,75 $
      Sous-total           9,25 $
      TPS                  0,46 $
      TVQ                  0,92 $
      Pourboire            1,16 $
      Montant total       11,79 $
      Merci!`,
  },
  {
    name: 'utility bill with the amount due',
    vendor: 'Enbridge Gas Inc.',
    total: 18733n,
    date: '2026-02-12',
    text: `
      Enbridge Gas Inc.
      P.O. Box 650, Scarborough ON M1K 5E3
      Account Number 9100 2233 4455
      Bill Date Feb 12, 2026
      Billing Period Jan 9, 2026 to Feb 9, 2026
      Amount Due $187.33
      Due Date Mar 4, 2026
      Previous Balance $201.17
      Payment Received Jan 28 - Thank You -$201.17
      Balance Forward $0.00
      Gas Supply Charge $71.88
      Delivery to You $86.20
      Cap-and-Trade Charges $7.70
      HST $21.55
      Total Charges for Natural Gas $187.33`,
  },
  {
    name: 'invoice with subtotal, HST and total',
    vendor: 'Maple Leaf Web Design Ltd.',
    total: 395500n,
    date: '2026-03-31',
    text: `
      INVOICE
      Maple Leaf Web Design Ltd.
      88 Queen St, Suite 1200, Ottawa ON K1P 1J9
      invoices@mapleleafweb.example
      HST Reg. No. 70123 4567 RT0001
      Invoice No: INV-2026-0142
      Invoice Date: March 31, 2026
      Payment Terms: Net 30
      Due Date: April 30, 2026
      Bill To: Rideau Bakery Co.
      Description                     Qty     Rate      Amount
      Website redesign                 1   2,500.00   2,500.00
      Hosting (12 months)             12      75.00     900.00
      Subtotal                                        3,400.00
      HST (13%)                                         442.00
      Total                                       CAD 3,842.00
      Late fee                                          113.00
      Amount Due                                  CAD 3,955.00`,
  },
  {
    name: 'paid invoice whose balance is zero',
    vendor: 'Rideau Plumbing',
    total: 45200n,
    date: '2026-03-18',
    text: `
      Rideau Plumbing
      Invoice 5521
      2026-03-18
      Labour 2 h           240.00
      Parts                160.00
      Subtotal             400.00
      HST                   52.00
      Total                452.00
      Paid by Visa        -452.00
      Balance Due            0.00`,
  },
  {
    name: 'US receipt in US dollars',
    vendor: 'Target',
    total: 3214n,
    currency: 'USD',
    date: '2026-03-14',
    text: `
      TARGET
      Plattsburgh - 518-555-0199
      03/14/2026 04:18 PM
      UP&UP TISSUES        4.29
      GOODFELLOW TEE      12.00
      CAMPBELLS SOUP       2.49
      SUBTOTAL            29.77
      T = NY TAX 8.0000 on 29.77    2.37
      TOTAL              $32.14
      VISA CHARGE     USD $32.14`,
  },
  {
    name: 'refund credit note',
    vendor: 'Sport Chek',
    total: -8474n,
    date: '2026-03-03',
    text: `
      SPORT CHEK #318
      Rideau Centre
      RETURN
      2026-03-03 10:15
      NIKE PEGASUS 41      (74.99)
      HST                   (9.75)
      TOTAL REFUND         (84.74)
      VISA CREDIT         -$84.74`,
  },
]

describe('extractFields on receipts', () => {
  for (const receipt of receipts) {
    it(receipt.name, () => {
      const fields = extractFields(receipt.text)
      expect(fields.vendorName?.toLowerCase()).toBe(receipt.vendor?.toLowerCase())
      expect(fields.amountMinor).toBe(receipt.total)
      expect(fields.currency).toBe(receipt.currency ?? 'CAD')
      expect(fields.receiptDate).toBe(receipt.date)
    })
  }
})

const totalOf = (text: string) => extractFields(text).amountMinor

describe('amounts', () => {
  it.each([
    ['TOTAL $1,234.56', 123456n],
    ['Total à payer 1 234,56 $', 123456n],
    ['Total 1.234,56', 123456n],
    ['TOTAL CAD 12.50', 1250n],
    ['TOTAL 12.50 CAD', 1250n],
    ['Total: $25', 2500n],
    ['Total 0.05', 5n],
    ['Total 12,50', 1250n],
    ['TOTAL -$5.00', -500n],
    ['TOTAL $-5.00', -500n],
    ['TOTAL (5.00)', -500n],
    ['TOTAL 5.00-', -500n],
    ['TOTAL 5.00 CR', -500n],
    ['Total - 12.50', 1250n],
    ['Total ........ 12.50', 1250n],
    ['TOTAL 2 items 7.98', 798n],
  ])('reads %j', (line, minor) => {
    expect(totalOf(line)).toBe(minor)
  })

  it.each([
    ['Total 25'],
    ['Total 13%'],
    ['Total 45.123 L'],
    ['Total 2026-03-05'],
    ['Total (613) 555-0199'],
    ['Subtotal 9.99'],
    ['HST 1.30'],
  ])('finds no total in %j', (line) => {
    expect(totalOf(line)).toBeNull()
  })

  it('prefers an explicit amount due over a plain total, wherever each is printed', () => {
    expect(totalOf('Amount due $75.00\nDetails\nTotal current charges $70.00')).toBe(7500n)
  })

  it('takes the last grand total', () => {
    expect(totalOf('Total 10.00\nTip 2.00\nTotal 12.00')).toBe(1200n)
  })

  it('ignores tax, tip, cash, change, savings and subtotal lines', () => {
    const text =
      'Subtotal 10.00\nGST 0.50\nPST 0.70\nTip 1.50\nTotal 12.70\nCash 20.00\nChange 7.30\nYou saved 3.00'
    expect(totalOf(text)).toBe(1270n)
  })

  it('counts a total that includes tax', () => {
    expect(totalOf('Sous-total 10,00\nTotal (taxes incluses) 11,50 $')).toBe(1150n)
  })

  it('reads an amount printed on the line below its label', () => {
    expect(totalOf('Subtotal\n$10.00\nTotal\n$11.30')).toBe(1130n)
  })

  it('does not take a line of other figures as the amount below a label', () => {
    const text = 'TOTAL 41.80\nTOTAL NUMBER OF ITEMS SOLD = 4\n03/07/2026 17:31 552 12 118 31'
    expect(extractFields(text, { ocr: true }).amountMinor).toBe(4180n)
    expect(totalOf('TOTAL 41.80\nTotal\nVisa 99.99')).toBe(4180n)
  })

  it('falls back to the card line when no total is labelled', () => {
    expect(totalOf('Parking\nAmount paid $18.00\nHST included $2.07')).toBe(1800n)
  })

  it('keeps a zero total when it is the only one', () => {
    expect(totalOf('Gift card redemption\nTotal 0.00')).toBe(0n)
  })

  it('reads a decimal point OCR took for a colon, on total lines of OCR text only', () => {
    const text = 'PETRO-CANADA\n05-Mar-2026 18:02\nFUEL SALES 72:15\nTOTAL 72:15'
    expect(extractFields(text, { ocr: true })).toMatchObject({
      amountMinor: 7215n,
      vendorName: 'PETRO-CANADA',
    })
    expect(totalOf(text)).toBeNull()
  })

  it('turns any total printed in English or French style into exact minor units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999_99n }), fc.boolean(), (minor, french) => {
        const whole = (minor / 100n).toString()
        const cents = (minor % 100n).toString().padStart(2, '0')
        const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, french ? ' ' : ',')
        const line = french ? `Total à payer ${grouped},${cents} $` : `TOTAL $${grouped}.${cents}`
        expect(totalOf(`Store\nSubtotal 1.00\n${line}`)).toBe(minor)
      }),
    )
  })
})

const dateOf = (text: string) => extractFields(text).receiptDate

describe('dates', () => {
  it.each([
    ['2026-03-05', '2026-03-05'],
    ['2026/03/05 14:22', '2026-03-05'],
    ['03/05/2026', '2026-03-05'],
    ['3/5/2026', '2026-03-05'],
    ['13/05/2026', '2026-05-13'],
    ['03/05/26', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    ['Mar 5, 2026', '2026-03-05'],
    ['March 5th, 2026', '2026-03-05'],
    ['Sept. 30 2026', '2026-09-30'],
    ['5 mars 2026', '2026-03-05'],
    ['le 1er février 2026', '2026-02-01'],
    ['17 déc. 2025', '2025-12-17'],
    ['05-Mar-2026', '2026-03-05'],
    ['05-MAR-26 18:02', '2026-03-05'],
    ['Date: 2026-03-05T23:59:59Z', '2026-03-05'],
  ])('reads %j', (line, date) => {
    expect(dateOf(`Store\n${line}\nTotal 1.00`)).toBe(date)
  })

  it('reads an ambiguous slashed date day first on a French receipt', () => {
    expect(dateOf('Dépanneur Chez Ginette\n05/03/2026\nSous-total 10,00\nTPS 0,50\nTotal 10,50 $')).toBe(
      '2026-03-05',
    )
    expect(dateOf('Corner Store\n05/03/2026\nSubtotal 10.00\nTotal 10.50')).toBe('2026-05-03')
  })

  it.each([['2026-02-30'], ['02/30/2026'], ['2026-13-01'], ['31 avril 2026'], ['1899-01-01'], ['12:45']])(
    'refuses %j',
    (line) => {
      expect(dateOf(`Store\n${line}\nTotal 1.00`)).toBeNull()
    },
  )

  it('takes the labelled document date over due, expiry and period dates', () => {
    const text = 'Billing period 2026-01-01 to 2026-01-31\nDue date: 2026-03-01\nStatement date: 2026-02-05'
    expect(dateOf(text)).toBe('2026-02-05')
  })

  it('uses a due date only when nothing else is printed', () => {
    expect(dateOf('Acme\nDue date: 2026-03-01\nAmount due $5.00')).toBe('2026-03-01')
  })

  it('ignores a return-by date printed after the sale date', () => {
    expect(dateOf('Shop\nReturn by 2026-04-04\n2026-03-05 10:00\nTotal 3.00')).toBe('2026-03-05')
  })
})

const vendorOf = (text: string) => extractFields(text).vendorName

describe('vendor', () => {
  it('skips numbers, receipt words, dates, addresses and phone numbers', () => {
    const text =
      '#0042\nSALES RECEIPT\n2026-03-05\n123 Main Street\nToronto, ON M5V 2T6\n(416) 555-0100\nBarrie Hardware\nHammer 19.99'
    expect(vendorOf(text)).toBe('Barrie Hardware')
  })

  it('strips decoration and store numbers', () => {
    expect(vendorOf('=== LOBLAWS #1042 ===\nMilk 4.99')).toBe('LOBLAWS')
    expect(vendorOf('Winners - Store 2211\nShirt 19.99')).toBe('Winners')
  })

  it('keeps names that start with a digit', () => {
    expect(vendorOf('7-Eleven\n2026-03-05\nSlurpee 2.49')).toBe('7-Eleven')
    expect(vendorOf('3 Brasseurs\nBière 8,50')).toBe('3 Brasseurs')
  })

  it('reads the name from a greeting or a farewell', () => {
    expect(vendorOf('Welcome to Harvey’s\nCombo 12.99')).toBe('Harvey’s')
    expect(vendorOf('RECEIPT\nBurger 12.99\nThank you for shopping at Giant Tiger!')).toBe('Giant Tiger')
  })

  it('takes a bare web domain as the name of an online shop', () => {
    expect(vendorOf('www.bestbuy.ca\nOrder #1\nTotal 5.00')).toBe('bestbuy.ca')
  })

  it('gives up rather than calling an item line the vendor', () => {
    expect(vendorOf('Coffee 2.00\nTotal 2.00')).toBeNull()
    expect(vendorOf('')).toBeNull()
  })
})

describe('currency', () => {
  it.each([
    ['Total $5.00', 'CAD'],
    ['Total 5,00 $', 'CAD'],
    ['Total US$5.00', 'USD'],
    ['Total 5.00\nAmounts in USD', 'USD'],
    ['Total 5,00 €', 'EUR'],
    ['Total £5.00', 'GBP'],
    ['Total CAD 5.00\n(USD 3.65)', 'CAD'],
    ['Exchange: 1 USD = 1.37 CAD\nTotal 5.00', 'CAD'],
  ])('%j is in %s', (text, currency) => {
    expect(extractFields(text).currency).toBe(currency)
  })
})

describe('robustness', () => {
  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        extractFields(text)
      }),
    )
  })

  it('reads a very long text in reasonable time', () => {
    const started = performance.now()
    extractFields(`${'1,2.3 4-5/6 $$ -( total '.repeat(20_000)}\n`.repeat(3))
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

describe('supplierBusinessNumber', () => {
  it.each([
    ['GST Reg # 123456789 RT0001', '123456789RT0001'],
    ['HST #: 811-234-567', '811234567'],
    ['H.S.T. No. 811234567RT0001', '811234567RT0001'],
    ['BN 87654 3210', null],
    ['TPS/TVH: 123 456 789 RT 0001', '123456789RT0001'],
    ['Business Number 987654321', '987654321'],
    ['GST 5% $1.23', null],
    ['Tel 416 555 0199', null],
    ['Order 123456789', null],
    ['Card ****1234 Auth 123456789012', null],
  ])('reads %s as %s', (printed, expected) => {
    const text = `THE STORE\n${printed}\nTOTAL 12.34`
    expect(extractFields(text).supplierBusinessNumber).toBe(expected)
  })

  it('takes the first number printed, and finds none in a receipt without one', () => {
    expect(extractFields('SHOP\nGST# 111111118\nHST# 222222226\nTOTAL 5.00').supplierBusinessNumber).toBe(
      '111111118',
    )
    expect(extractFields('SHOP\nTOTAL 5.00').supplierBusinessNumber).toBeNull()
  })
})

describe('taxMinor', () => {
  it.each([
    ['one tax line', 'HARDWARE DEPOT\nSUBTOTAL 200.00\nHST 13% 26.00\nTOTAL 226.00', 2600n],
    ['GST and PST printed apart', 'CAFE\nSubtotal 10.00\nGST 5% 0.50\nPST 7% 0.70\nTotal 11.20', 120n],
    ['French labels', 'DEPANNEUR\nSOUS-TOTAL 20,00\nTPS 1,00\nTVQ 2,00\nTOTAL 23,00', 300n],
    [
      'a summary table repeating the tax',
      'SHOP\nSUBTOTAL 50.00\nGST 2.50\nTOTAL 52.50\nGST SUMMARY\nGST 2.50',
      250n,
    ],
    ['no subtotal to check it against', 'SHOP\nHST 1.30\nTOTAL 11.30', null],
    ['figures that do not add up', 'SHOP\nSUBTOTAL 10.00\nHST 1.00\nTOTAL 11.30', null],
    ['no tax printed', 'SHOP\nSUBTOTAL 10.00\nTOTAL 10.00', null],
  ])('%s', (_label, text, expected) => {
    expect(extractFields(text).taxMinor).toBe(expected)
  })
})
