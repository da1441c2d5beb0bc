import { parseBusinessNumber } from '../../../kernel/business-number.js'
import { addDays, type CalendarDate, daysInMonth } from '../../../kernel/calendar-date.js'
import { currencyDecimals, defaultCurrency } from '../../../kernel/currency.js'
import { limits } from '../../../kernel/limits.js'
import { parseMoney } from '../../../kernel/money.js'

// Receipt text comes from people's inboxes, PDF text layers and OCR, so every rule here is a
// heuristic: it reads what real receipts print, gives up (null) rather than guess wildly, and says
// how sure it is of each field, so that matching acts only on what it is sure of.

export interface ExtractedFields {
  vendorName: string | null
  /** The grand total in minor units of `currency`; negative for refunds and credit notes. */
  amountMinor: bigint | null
  currency: string
  receiptDate: CalendarDate | null
  /**
   * The sales tax in the total, in minor units of `currency`: only when a subtotal and the tax
   * lines printed add up to the total read; null otherwise.
   */
  taxMinor: bigint | null
  /** The supplier's GST/HST registration as printed (GST Reg, HST #, BN, 123456789RT0001). */
  supplierBusinessNumber: string | null
  /** From 0 to 1 for each field read; null where the field was not found. */
  confidence: FieldConfidence
}

export interface FieldConfidence {
  vendorName: number | null
  amount: number | null
  receiptDate: number | null
}

/** What is known about the receipt besides its text: evidence for its currency and its date. */
export interface ReadingContext {
  /** The organization's currency: the receipt's when it names none, and a hint to its date order. */
  organizationCurrency?: string
  /** The day the receipt arrived: it is not dated after it, and is usually dated shortly before. */
  receivedOn?: CalendarDate
}

export interface ExtractOptions {
  /** The text is OCR output: tolerate its usual misreadings where a total is printed. */
  ocr?: boolean
  context?: ReadingContext
}

// How sure each kind of evidence makes a reading, from 0 to 1; limits.receiptFieldConfidenceMatchMin
// is the line between what matching may use and what a person confirms.
const sure = {
  /** Two independent readings agree: cash less change, subtotal plus tax, total plus rounding. */
  crossChecked: 0.95,
  /** The one total printed, or every total printed agrees. */
  unanimous: 0.85,
  /** Totals that disagree, the strongest label chosen. */
  contested: 0.6,
  /** Only a payment line names the amount. */
  paymentOnly: 0.6,
  /** Day and month cannot be swapped (2026-03-05, 5 March 2026, 13/05/2026). */
  unambiguousDate: 0.9,
  /** Day and month could be swapped; evidence on the receipt or in the organization decides. */
  decidedDate: 0.8,
  /** Day and month could be swapped and nothing decides: a guess, kept out of matching. */
  guessedDate: 0.5,
  namedVendor: 0.9,
  firstLineVendor: 0.7,
  weakVendor: 0.5,
} as const

export function extractFields(text: string, options: ExtractOptions = {}): ExtractedFields {
  const context = options.context ?? {}
  const lines = receiptLines(text, options.ocr === true)
  const printedCurrency = textCurrency(lines)
  const organizationCurrency = context.organizationCurrency ?? defaultCurrency
  const fallbackCurrency = printedCurrency ?? organizationCurrency
  const total = findTotal(lines, options.ocr === true, fallbackCurrency, organizationCurrency)
  const vendor = findVendor(lines)
  const date = findDate(lines, {
    receivedOn: context.receivedOn,
    order: dateOrderEvidence(lines, printedCurrency, organizationCurrency),
  })
  return {
    vendorName: vendor?.name ?? null,
    amountMinor: total?.minor ?? null,
    currency: total?.currency ?? fallbackCurrency,
    receiptDate: date?.date ?? null,
    taxMinor: total?.taxMinor ?? null,
    supplierBusinessNumber: findBusinessNumber(lines),
    confidence: {
      vendorName: vendor?.confidence ?? null,
      amount: total?.confidence ?? null,
      receiptDate: date?.confidence ?? null,
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The supplier's business number

// Nine digits, in threes or whole, then the GST/HST program account: "123456789 RT0001". Every
// part has a fixed length, so the patterns cannot backtrack.
const programAccountPattern = /(?<!\d)(\d{3}[ -]?\d{3}[ -]?\d{3})[ -]?rt[ -]?(\d{4})(?!\d)/
const nineDigitsPattern = /(?<!\d)(\d{3}[ -]?\d{3}[ -]?\d{3})(?![\d.,])/
// What receipts print before the number: GST Reg #, HST No., TPS/TVH, BN, Business Number.
const businessNumberLabel = /\b(gst|hst|tps|tvh|bn|business (number|no)|reg(istration)? ?(no|#))\b/

function findBusinessNumber(lines: readonly Line[]): string | null {
  for (const line of lines) {
    const program = programAccountPattern.exec(line.folded)
    const bare = program
      ? null
      : businessNumberLabel.test(line.folded)
        ? nineDigitsPattern.exec(line.folded)
        : null
    const digits = (program ?? bare)?.[1]
    if (digits === undefined) continue
    const parsed = parseBusinessNumber(program ? `${digits}RT${program[2]}` : digits)
    if (parsed.ok) return parsed.value
  }
  return null
}

// ---------------------------------------------------------------------------------------------
// Lines

interface Line {
  /** As printed, with white space collapsed. */
  text: string
  /** Lower case without accents, for matching labels ("Montant dû" -> "montant du"). */
  folded: string
  /**
   * Folded, letters and digits only: OCR often drops the spaces between words
   * ("TotalSalesInclusiveGST"), so labels are also looked for with every space and sign removed.
   */
  squashed: string
}

function receiptLines(text: string, ocr: boolean): Line[] {
  const normalized = text
    .slice(0, limits.receiptTextLengthMax)
    // NFKC: full-width brackets and digits, ligatures and superscripts read as their plain forms.
    .normalize('NFKC')
    .replace(/\r\n?|[\u2028\u2029\f\v]/g, '\n')
    // PDF and OCR output use the typographic minus and every width of space.
    .replace(/[\u2212\u2012\u2013\uFE63\uFF0D]/g, '-')
    .replace(/[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
  const lines: Line[] = []
  for (const raw of normalized.split('\n')) {
    let line = raw.replace(/ {2,}/g, ' ').trim()
    if (ocr) line = repairDigits(line).replace(/(?<![\p{L}])R[HNUW](?=\d)/gu, 'RM')
    if (line !== '') {
      const folded = fold(line)
      // A letter l read as ! or | ("Tota!").
      lines.push({ text: line, folded, squashed: folded.replace(/[!|]/g, 'l').replace(/[^a-z0-9]+/g, '') })
    }
  }
  return lines
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/**
 * OCR reads 0 as O, 1 as l or I and 5 as S inside numbers ("8.7O", "l2.50", "S.00"). Only a
 * word that is an amount once repaired (digits, one decimal separator, two decimals) is changed,
 * so words and codes stay as printed.
 */
function repairDigits(line: string): string {
  return line.replace(
    /(?<![\p{L}\d]|(?<![\p{L}])R[MHNUW])[\dOoIlS]{1,7}[.,][\dOoIlS]{2}(?![\p{L}\d])/gu,
    (word) => {
      if (!/\d/.test(word)) return word
      return word.replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/S/g, '5')
    },
  )
}

// ---------------------------------------------------------------------------------------------
// Amounts

interface MoneyToken {
  minor: bigint
  /** ISO code when the amount carries one ("US$", "€", "RM"); null for a bare "$" or none. */
  currency: string | null
  /** A bare "$" beside the amount. */
  dollar: boolean
}

// Three number shapes, tried in order: French "1 234,56" (space or dot groups, comma decimals,
// decimals required), English "1,234.56" (comma groups), and plain "1234.56" / "12,50" / "25".
// The look-arounds refuse pieces of longer numbers: dates (05.03.2026), quantities (45.123 L),
// percentages (13%) and phone numbers never yield an amount. A number without decimals counts
// only beside a currency sign ("$25"), never alone ("Table 12").
const numberPattern =
  /(?<![\d.,])(\d{1,3}(?:[ .]\d{3})+,\d{2}|\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:[.,]\d{2})?)(?![\d%]|[.,]\d)/g

// The codes and symbols receipts print beside amounts; a bare "$" is decided separately.
const currencyMarkers: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:US\$|USD|U\.S\.\$)$/i, 'USD'],
  [/^(?:CA\$|C\$|CDN\$|CAD|CDN)$/i, 'CAD'],
  [/^(?:€|EUR)$/i, 'EUR'],
  [/^(?:£|GBP)$/i, 'GBP'],
  [/^(?:AUD|A\$|AU\$)$/i, 'AUD'],
  [/^(?:NZD|NZ\$)$/i, 'NZD'],
  [/^(?:SGD|S\$)$/i, 'SGD'],
  [/^(?:HKD|HK\$)$/i, 'HKD'],
  [/^(?:CHF)$/i, 'CHF'],
  [/^(?:RM|MYR)$/i, 'MYR'],
  [/^(?:₹|INR)$/i, 'INR'],
  [/^(?:₱|PHP)$/i, 'PHP'],
  [/^(?:฿|THB)$/i, 'THB'],
  [/^(?:JPY)$/i, 'JPY'],
]
const codes = 'USD|CAD|CDN|EUR|GBP|AUD|NZD|SGD|HKD|CHF|MYR|RM|INR|PHP|THB|JPY'
const marker = String.raw`(?:US\$|U\.S\.\$|CA\$|CDN\$|C\$|AU\$|A\$|NZ\$|S\$|HK\$|\$|€|£|₹|₱|฿|(?<![A-Za-z])(?:${codes})(?![A-Za-z]))`
const markerBefore = new RegExp(`(${marker}) ?-?$`, 'i')
const markerAfter = new RegExp(`^ ?(${marker})`, 'i')
// "-12.50", "-$12.50" and "$-12.50" are credits; the dash in "Total - 12.50" or "Total--12.50" is a leader.
const minusBefore = new RegExp(`(?:^|[ (:])-(?:${marker} ?)?$|${marker} ?-$`, 'i')
const openBefore = new RegExp(String.raw`\((?:${marker} ?)?$`, 'i')
const closeAfter = new RegExp(String.raw`^(?: ?${marker})?\)`, 'i')
// Some tills print credits as "12.50-" or "12.50 CR".
const creditAfter = new RegExp(String.raw`^(?: ?${marker})?(?:-(?!\d)| ?CR\b)`, 'i')

function moneyTokens(line: string): MoneyToken[] {
  const tokens: MoneyToken[] = []
  for (const match of line.matchAll(numberPattern)) {
    const digits = match[1] ?? ''
    const start = match.index
    const end = start + match[0].length
    // A short window each side; the x stops `^` from matching in the middle of a long line.
    const head = (start > 12 ? 'x' : '') + line.slice(Math.max(0, start - 12), start)
    const tail = line.slice(end, end + 12)
    const marker = markerBefore.exec(head)?.[1] ?? markerAfter.exec(tail)?.[1]
    const currency = marker === undefined ? null : markerCurrency(marker)
    const decimals = /[.,]\d{2}$/.test(digits)
    if (!decimals && marker === undefined) continue
    const minor = toMinor(digits, currency ?? defaultCurrency)
    if (minor === null) continue
    const negative =
      minusBefore.test(head) || creditAfter.test(tail) || (openBefore.test(head) && closeAfter.test(tail))
    tokens.push({ minor: negative ? -minor : minor, currency, dollar: marker === '$' })
  }
  return tokens
}

function markerCurrency(text: string): string | null {
  for (const [pattern, code] of currencyMarkers) if (pattern.test(text)) return code
  return null
}

/** "1 234,56", "1.234,56" or "1,234.56" to minor units, through the kernel's exact decimal parser. */
function toMinor(digits: string, currency: string): bigint | null {
  const fraction = /[.,](\d{2})$/.exec(digits)?.[1] ?? ''
  const whole = (fraction === '' ? digits : digits.slice(0, -3))
    .replace(/[ .,]/g, '')
    .replace(/^0+(?=\d)/, '')
  const parsed = parseMoney(fraction === '' ? whole : `${whole}.${fraction}`, currencyDecimals(currency))
  return parsed.ok ? parsed.value : null
}

// ---------------------------------------------------------------------------------------------
// The total

type TotalLabel = 'grand' | 'total' | 'payment' | 'other'

// Labels that name a grand total outright; a plain "Total" ranks below them because bills print
// "Total current charges" beside the "Amount due" that is actually paid, and tills print "Total"
// before the 5-cent rounding and "Nett Total" or "Final Total" after it. Matched without spaces,
// which OCR often drops.
const grandLabel =
  /grandt[o0]t[ae][l1i]|totaldue|amountdue|balancedue|totalamount|amountpayable|totalpayable|totaltopay|invoicetotal|nett?t[o0]t[ae][l1i]|finalt[o0]t[ae][l1i]|totalrounded|roundedtotal|roundedamount|totalafter(?:round|adj)|totalapayer|montanttotal|totaldelafacture|montantapayer|montantdu|soldedu|soldeapayer|netapayer|totalttc/
const grandWords = /\b(?:a payer)\b/
const totalWord = /t[o0]t[ae][l1i]|jumlah/
const partial =
  /sub-?t[o0]t[ae][l1i]|sous-?total|\b(?:sub|sous|before|avant|hors|excl|excluding|ht|pretax)\b|t[o0]t[ae][l1i](?:excl|exch|before|qty|quantity|items?|no|number|units?|pcs|discount|saving|saved|points|weight)/
const taxOrTip =
  /\b(?:tax|taxes|gst|hst|qst|pst|tps|tvq|tvh|tva|vat|sst|tip|tips|gratuity|pourboire)\b|^(?:gst|sst|vat|tax)/
// A total "including tax" or "with tip" is still the grand total.
const inclusive = /[il1]ncl|[il1]nclus|avec|with|ttc/
const notTheTotal =
  /\b(?:change|monnaie|rendu|cash|comptant|especes|tendered|tender|saving|savings|saved|economies|economie|epargne|discount|disc|rabais|remise|coupon|points?|rewards?|number of items|items sold|item count|nombre d.articles|articles vendus|previous|precedent|payment|payments|paiement|paiements|received|recu|deposit|depot|consigne|limit|weight|poids|round|rounding|adj|qty|quantity)\b|^(?:change|cash|tender|rounding|roundadj|roundingadj|balance|baki|tunai)|t[o0]t[ae][l1i](?:paid|tender)/
const paymentLabel =
  /\b(?:visa|mastercard|master card|mc|amex|american express|debit|interac|credit|card|carte|amount|montant|paid|paye|charged|purchase|achat|sale|vente)\b/
// The table of tax rates some tills print after the total, whose own "Total" row is not the sale's.
const summaryHeading = /(?:gst|tax|vat|sst)summary|summaryof(?:gst|tax)|taxcode|gstcode/

function classify(line: Line): TotalLabel {
  const { folded, squashed } = line
  const grand = grandLabel.test(squashed) || grandWords.test(folded)
  const total = grand || totalWord.test(squashed)
  if (total && (partial.test(squashed) || partial.test(folded))) return 'other'
  if (notTheTotal.test(folded) || notTheTotal.test(squashed)) return 'other'
  if (taxOrTip.test(folded) || /^(?:gst|sst|vat|tax)/.test(squashed)) {
    if (!(total && (inclusive.test(squashed) || /\binc\b/.test(folded)))) return 'other'
  }
  if (grand) return 'grand'
  if (total) return 'total'
  return paymentLabel.test(folded) ? 'payment' : 'other'
}

interface TotalCandidate {
  minor: bigint
  currency: string | null
  dollar: boolean
  label: TotalLabel
}

const labelRank: Record<TotalLabel, number> = { grand: 3, total: 2, payment: 1, other: 0 }

/**
 * The total is the amount under the strongest label (an explicit "Amount due" beats a plain
 * "Total", which beats a card line), the last of equals (a restaurant prints the total again after
 * the tip; a till prints it again after rounding). What the receipt says elsewhere settles a
 * disagreement and raises the confidence: the cash tendered less the change, the subtotal plus the
 * tax, a total plus its rounding line, or the card payment of the same amount.
 */
function findTotal(
  lines: Line[],
  ocr: boolean,
  fallbackCurrency: string,
  organizationCurrency: string,
): { minor: bigint; currency: string; confidence: number; taxMinor: bigint | null } | null {
  const candidates: TotalCandidate[] = []
  // What the customer paid, which may settle a disagreement between printed totals; and what the
  // items add up to, which only confirms the total chosen (a tip or a late fee comes on top of it).
  const evidence = new Set<bigint>()
  const addsUp = new Set<bigint>()
  const figures = { cash: null as bigint | null, change: null as bigint | null, rounding: [] as bigint[] }
  const subtotals: bigint[] = []
  const taxes: bigint[] = []
  let inSummary = false
  const roundingPrinted = lines.some((line) => /round/.test(line.squashed))
  for (const [index, line] of lines.entries()) {
    if (summaryHeading.test(line.squashed)) inSummary = true
    const tokens = lineAmounts(lines, index, ocr)
    const last = tokens.at(-1)
    if (!last) continue
    noteFigures(line, last.minor, figures, subtotals, taxes)
    if (inSummary) continue
    const label = classify(labelOf(line, ocr))
    if (label === 'other') continue
    candidates.push({ minor: last.minor, currency: last.currency, dollar: last.dollar, label })
  }
  if (figures.cash !== null && figures.change !== null && figures.cash >= figures.change)
    evidence.add(figures.cash - figures.change)
  for (const subtotal of subtotals) for (const tax of taxes) addsUp.add(subtotal + tax)
  const totals = candidates.filter((c) => c.label === 'grand' || c.label === 'total')
  for (const rounding of figures.rounding)
    for (const total of totals) if (rounding !== 0n) evidence.add(total.minor + rounding)
  // A card or cash line of exactly the amount of a labelled total confirms it.
  for (const payment of candidates.filter((c) => c.label === 'payment')) evidence.add(payment.minor)

  const pick = strongest(candidates)
  const paid = figures.cash !== null && figures.change !== null ? figures.cash - figures.change : null
  if (!pick) {
    // No labelled total, but cash less change is what was paid.
    if (paid === null || paid <= 0n) return null
    return {
      minor: paid,
      currency: fallbackCurrency,
      confidence: sure.contested,
      taxMinor: taxIn(paid, subtotals, taxes),
    }
  }
  // Evidence that names one of the printed totals outright settles a disagreement in its favour.
  const confirmed = lastWhere(totals, (c) => evidence.has(c.minor) && c.minor !== 0n)
  let chosen = pick
  let confidence: number
  if (pick.label === 'payment') {
    confidence = sure.paymentOnly
  } else if ((evidence.has(pick.minor) || addsUp.has(pick.minor)) && pick.minor !== 0n) {
    confidence = sure.crossChecked
  } else if (confirmed && labelRank[confirmed.label] >= labelRank[pick.label] - 1) {
    chosen = confirmed
    confidence = sure.crossChecked
  } else if (paid !== null && figures.rounding.some((rounding) => pick.minor + rounding === paid)) {
    // The total before rounding was printed (or read) and the rounded one was not.
    chosen = { ...pick, minor: paid }
    confidence = sure.crossChecked
  } else if (
    paid !== null &&
    paid > 0n &&
    roundingPrinted &&
    paid % cashRoundingMinor === 0n &&
    distance(pick.minor, paid) < cashRoundingMinor
  ) {
    // Paid in cash, rounded to the nearest 5 cents (Canada, Malaysia, Australia…), with a rounding
    // line printed: what was paid is the total after rounding, whether or not its line was read.
    chosen = { ...pick, minor: paid }
    confidence = sure.unanimous
  } else {
    const values = new Set(totals.filter((c) => c.minor !== 0n).map((c) => c.minor))
    confidence = values.size <= 1 ? sure.unanimous : sure.contested
  }
  const currency =
    chosen.currency ??
    (chosen.dollar ? dollarCurrency(fallbackCurrency, organizationCurrency) : fallbackCurrency)
  return { minor: chosen.minor, currency, confidence, taxMinor: taxIn(chosen.minor, subtotals, taxes) }
}

/**
 * The tax in a total, when a printed subtotal and the tax lines add up to it: every tax line
 * (GST and PST printed apart), each amount once (a summary table repeats them), or one of them.
 */
function taxIn(totalMinor: bigint, subtotals: readonly bigint[], taxes: readonly bigint[]): bigint | null {
  if (taxes.length === 0) return null
  const sum = (amounts: Iterable<bigint>) => [...amounts].reduce((a, b) => a + b, 0n)
  const readings = [sum(taxes), sum(new Set(taxes)), ...taxes]
  for (const tax of readings) {
    if (tax >= 0n && tax < totalMinor && subtotals.some((subtotal) => subtotal + tax === totalMinor))
      return tax
  }
  return null
}

// The smallest coin where cash totals are rounded, in minor units.
const cashRoundingMinor = 5n
const distance = (a: bigint, b: bigint) => (a > b ? a - b : b - a)

function strongest(candidates: TotalCandidate[]): TotalCandidate | undefined {
  return (
    lastWhere(candidates, (c) => c.label === 'grand' && c.minor !== 0n) ??
    lastWhere(candidates, (c) => c.label === 'total' && c.minor !== 0n) ??
    lastWhere(candidates, (c) => c.label !== 'payment') ??
    lastWhere(candidates, (c) => c.label === 'payment' && c.minor !== 0n)
  )
}

/**
 * The words that label the last amount of a line: OCR joins a receipt's columns into one line
 * ("TOTAL SAVING: 0.00 TOTAL 25.85"), and then only the words after the one but last amount
 * are the last amount's label.
 */
function labelOf(line: Line, ocr: boolean): Line {
  const text = ocr ? repairTotal(line.text) : line.text
  const matches = [...text.matchAll(numberPattern)].filter((m) => /[.,]\d{2}$/.test(m[1] ?? ''))
  if (matches.length < 2) return line
  const previous = matches[matches.length - 2] as RegExpExecArray
  const last = matches[matches.length - 1] as RegExpExecArray
  const between = text.slice(previous.index + previous[0].length, last.index)
  if (!/\p{L}{3}/u.test(between)) return line
  const folded = fold(between)
  return { text: between, folded, squashed: folded.replace(/[!|]/g, 'l').replace(/[^a-z0-9]+/g, '') }
}

/** Cash tendered, change given, rounding, subtotal and tax: the figures a total is checked against. */
function noteFigures(
  line: Line,
  minor: bigint,
  figures: { cash: bigint | null; change: bigint | null; rounding: bigint[] },
  subtotals: bigint[],
  taxes: bigint[],
): void {
  const { squashed, folded } = line
  if (
    /^(?:change|changedue|baki|monnaie|rendu)/.test(squashed) ||
    /(?<![a-z])change(?: amt| due)?\W*$/.test(folded.replace(/[\d.,\s]+$/, ''))
  )
    figures.change ??= minor
  else if (
    /^(?:cash|tunai|comptant|especes|tendered|amounttendered|cashtendered|t[o0]t[ae][l1i]paid|paid)/.test(
      squashed,
    )
  ) {
    if (!/sales|register|invoice|bill/.test(squashed)) figures.cash ??= minor
  } else if (/round/.test(squashed) && !totalWord.test(squashed)) figures.rounding.push(minor)
  else if (/sub-?t[o0]ta[l1]|sous-?total/.test(squashed)) subtotals.push(minor)
  else if (
    /\b(?:tax|gst|hst|pst|qst|rst|sst|vat|tps|tvh|tvq)\b|^(?:gst|sst|vat|tax)\d/.test(folded) &&
    !/total|summary|incl/.test(squashed)
  )
    taxes.push(minor)
}

/** The amounts of a line, or of the line below when the line is a bare label. */
function lineAmounts(lines: Line[], index: number, ocr: boolean): MoneyToken[] {
  const line = lines[index]
  if (!line) return []
  const tokens = moneyTokens(ocr ? repairTotal(line.text) : line.text)
  if (tokens.length > 0) return tokens
  // Tables and OCR often put the amount on the line below its label.
  const below = lines[index + 1]
  const next = below ? (ocr ? repairTotal(below.text) : below.text) : null
  if (next && isBareAmount(next) && /\p{L}/u.test(line.text)) return moneyTokens(next)
  return []
}

/**
 * On a line of OCR text that ends in an amount, a faint decimal point is often read as a colon
 * or a dash ("TOTAL 72:15", "TOTAL 6-00"). Only the last figure of the line is repaired, so a
 * time ("18:02") or a range earlier on the line stays what it is.
 */
function repairTotal(text: string): string {
  return text.replace(/(?<=\d)[:-](?=\d{2}(?:\s*[A-Za-z]{0,2})?\s*$)/, '.')
}

/** A line that holds one amount and nothing else: "$11.30", "(5.00)", "CA$39.19", "12,50 $". */
function isBareAmount(text: string): boolean {
  const rest = text.replace(new RegExp(`${marker}|\\bCR\\b`, 'gi'), '')
  return /^[\s():-]*\d[\d ,.]*[\s()-]*$/.test(rest) && moneyTokens(text).length === 1
}

function lastWhere<T>(items: T[], predicate: (item: T) => boolean): T | undefined {
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index]
    if (item !== undefined && predicate(item)) return item
  }
  return undefined
}

const dollarCurrencies = new Set(['CAD', 'USD', 'AUD', 'NZD', 'SGD', 'HKD'])

/** A bare "$" is the organization's dollar, the Canadian dollar for an organization in another currency. */
function dollarCurrency(printed: string, organizationCurrency: string): string {
  if (dollarCurrencies.has(printed)) return printed
  return dollarCurrencies.has(organizationCurrency) ? organizationCurrency : defaultCurrency
}

/**
 * The currency the receipt names most often, null when it names none. A receipt that names the
 * default currency among others ("CAD 5.00 (USD 3.65)", "1 USD = 1.37 CAD") is in the default.
 */
function textCurrency(lines: Line[]): string | null {
  const counts = new Map<string, number>()
  const add = (code: string) => counts.set(code, (counts.get(code) ?? 0) + 1)
  for (const line of lines) {
    for (const match of line.text.matchAll(
      new RegExp(
        `(?<![A-Za-z])(US\\$|U\\.S\\.\\$|CA\\$|CDN\\$|C\\$|AU\\$|A\\$|NZ\\$|S\\$|HK\\$|${codes})(?![A-Za-z])|[€£₹₱฿]`,
        'g',
      ),
    )) {
      const code = markerCurrency(match[1] ?? match[0])
      if (code) add(code)
    }
    if (/\b(?:us dollars?|u\.s\. dollars?)\b/.test(line.folded)) add('USD')
    if (/\b(?:canadian dollars?|dollars? canadiens?)\b/.test(line.folded)) add('CAD')
    if (/\bringgit\b/.test(line.folded)) add('MYR')
  }
  if (counts.size === 0) return null
  if (counts.has(defaultCurrency) && counts.size > 1) return defaultCurrency
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null
}

// ---------------------------------------------------------------------------------------------
// The vendor

// Words that make up header lines which are not the merchant's name.
const headerWords =
  /\b(?:receipt|sales receipt|receipt no|invoice|tax invoice|simplified|facture|recu|bill|statement|releve|order|orders|commande|confirmation|transaction|record|customer|merchant|client|marchand|copy|copie|duplicate|original|reprint|sale|sales|vente|purchase|achat|refund|refunds|return|returns|retour|remboursement|void|exchange|echange|credit note|note de credit|welcome|bienvenue|thank you|thanks|merci|store|magasin|succursale|branch|cashier|caissier|caissiere|server|serveur|serveuse|table|guests?|register|caisse|terminal|trans|date|time|heure|page|no|number|numero|dine in|take out|to go|sur place|a emporter|pickup|delivery|livraison|tel|phone|fax|www|email|courriel|cash|counter|owned by|company|co reg|reg|gst|sst|id)\b/g
const headerSquashed =
  /^(?:taxinvoice|simplifiedtaxinvoice|invoice|receipt|officialreceipt|cashsales?|cashbill|cashreceipt|ownedby|salesreceipt)$/
const streetWords =
  /\b(?:st|street|ave|av|avenue|rd|road|blvd|boul|boulevard|dr|drive|rue|ch|chemin|way|lane|ln|hwy|highway|route|rte|cres|crescent|crt|court|ct|place|pl|pkwy|parkway|sq|square|unit|suite|ste|bureau|local|floor|etage|po box|cp|terrace|trail|circle|row|mall|centre|center|plaza|jalan|jln|lorong|taman|tmn|lot|blok|block|bandar|persiaran|kampung|kg|no)\b/
const provinces =
  /(?:^|[\s,(])(?:on|qc|bc|ab|mb|sk|ns|nb|nl|pe|yt|nt|nu|ontario|quebec|alberta|manitoba|saskatchewan|nova scotia|new brunswick|newfoundland|british columbia|ny|ca|wa|tx|fl|ma|il|selangor|kuala lumpur|johor|penang|perak|sabah|sarawak|melaka|pahang|kedah)\)?\.?$/
const postalCode = /\b[a-z]\d[a-z] ?\d[a-z]\d\b|\b[a-z]{2} \d{5}(?:-\d{4})?\b|(?<!\d)\d{5}(?!\d)/
const phoneNumber = /(?:\+?\d{1,3}[ .-]?)?\(?\d{2,4}\)?[ .-]?\d{3,4}[ .-]?\d{4}\b/
const timeOfDay = /\b\d{1,2}:\d{2}(?::\d{2})?\b/
const registration =
  /\b(?:gst|hst|qst|pst|tps|tvq|tvh|bn|rt|reg|vat|sst|co|roc|company|business)\b.*\d{4}|\(?\b\d{5,}-?[a-z]\b\)?|^\(?[\d-]{5,}[a-z]?\)?$/
const webAddress = /https?:|www\.|@|\.(?:com|ca|net|org|my|qc\.ca)\b/
const keyValue = /^[a-z#.' /]{2,30}:/
// Words of a business's legal name: a line holding one is the business, not its owner.
const companySuffix =
  /\b(?:sdn\.? ?bhd|bhd|s\/b|sb|ltd|limited|llc|inc|incorporated|corp|corporation|co|company|plc|gmbh|enterprise|enterprises|trading|industries|holdings|restaurant|restoran|cafe|bakery|mart|market|supermarket|hypermarket|hardware|pharmacy|store|shop|station|stationery|kedai|pasaraya|hotel)\b|sdnbhd|enterprise|trading|restoran|restaurant|hardware|stationery|supermarket|hypermarket|pharmacy|bakery/
// The words of a legal entity's name, which bookkeeping names a supplier by.
const legalSuffix =
  /\b(?:sdn\.? ?bhd|bhd|s\/b|ltd|limited|llc|inc|corp|corporation|plc|gmbh|enterprises?|trading)\b|sdnbhd/
// A person's title, which names a proprietor or a cashier rather than the business.
const personTitle = /^(?:mr|mrs|ms|miss|dr|tuan|puan|encik|cik|madam|mdm)\b\.?/

const bareDomain =
  /^(?:https?:\/\/)?(?:www\.)?([a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|ca|net|org|co|io|shop|store|qc\.ca))\/?$/i
const introduction =
  /^(?:welcome to|bienvenue (?:chez|à|a|au)|your receipt from|receipt from|votre reçu de)\s+(.+)$/i
const farewell =
  /\b(?:thank you for (?:shopping|dining|choosing|visiting)(?: at| with)?|merci d'avoir (?:magasiné|magasine|choisi)(?: chez| à| a)?)\s+(.+?)[!. ]*$/i

// The business name is printed at the head; a name further down is a line of the header we
// failed to recognize as such.
const vendorLinesMax = 8

function findVendor(lines: Line[]): { name: string; confidence: number } | null {
  const found: Array<{ name: string; line: Line; position: number }> = []
  let skipped = 0
  for (const [position, line] of lines.entries()) {
    const introduced = introduction.exec(line.text)?.[1]
    const fromIntroduction = introduced ? cleanVendor(introduced) : null
    if (fromIntroduction) return { name: fromIntroduction, confidence: sure.namedVendor }
    // Item lines have begun; the name, when printed, was above them.
    if (moneyTokens(line.text).length > 0) break
    // Online shops print their domain where a store prints its name.
    const domain = bareDomain.exec(line.text)?.[1]
    if (domain) return { name: domain, confidence: sure.namedVendor }
    const name = cleanVendor(line.text)
    if (name && looksLikeName(line, name)) found.push({ name, line, position })
    else skipped++
    if (found.length >= 3 || position >= vendorLinesMax) break
  }
  const [first] = found
  if (first) {
    // A proprietor's, a branch's or a brand's name printed above the business's own: "TAN WOON
    // YANN" over "BOOK TA.K (TAMAN DAYA) SDN BHD", "SUSHI MENTAI - MAHKOTA CHERAS" over "MIZU
    // MENTAI SDN. BHD.". The business is the line with a legal entity's suffix, close below.
    const firstIsBusiness = companySuffix.test(first.line.folded) || legalSuffix.test(first.line.squashed)
    // A line that starts with the suffix ("ENTERPRISE (SETIA", "SDN BHD") continues the name above.
    const legal = found.find(
      (candidate) =>
        candidate !== first &&
        candidate.position - first.position <= 3 &&
        (legalSuffix.test(candidate.line.folded) || legalSuffix.test(candidate.line.squashed)) &&
        !startsWithSuffix(candidate.line),
    )
    const continued = found[1]?.position === first.position + 1 && startsWithSuffix(found[1].line)
    if (legal && !firstIsBusiness && !continued) return { name: legal.name, confidence: sure.firstLineVendor }
    const second = found[1]
    if (
      second &&
      !firstIsBusiness &&
      companySuffix.test(second.line.folded) &&
      second.position - first.position <= 2 &&
      (personTitle.test(first.line.folded) || looksLikePersonName(first.name))
    ) {
      return { name: second.name, confidence: sure.firstLineVendor }
    }
    const confidence = firstIsBusiness
      ? sure.namedVendor
      : skipped === 0
        ? sure.firstLineVendor
        : sure.weakVendor
    return { name: first.name, confidence }
  }
  for (const line of lines) {
    const thanked = farewell.exec(line.text)?.[1]
    const name = thanked ? cleanVendor(thanked) : null
    if (name) return { name, confidence: sure.weakVendor }
  }
  return null
}

function startsWithSuffix(line: Line): boolean {
  return /^(?:sdn|bhd|s\/b|ltd|limited|llc|inc|corp|plc|gmbh|enterprise|trading|\(m\))/.test(line.folded)
}

/** Two to four words of letters and nothing else: how a person's name is printed above a shop's. */
function looksLikePersonName(name: string): boolean {
  const words = name.split(/\s+/)
  return words.length >= 2 && words.length <= 4 && words.every((word) => /^\p{L}[\p{L}'.-]*$/u.test(word))
}

function looksLikeName(line: Line, name: string): boolean {
  const folded = line.folded
  // Judged on the name without its decoration and store number: "=== LOBLAWS #1042 ===".
  const letters = name.match(/\p{L}/gu)?.length ?? 0
  const visible = name.replace(/\s/g, '').length
  if (letters < 3 || letters < visible * 0.6) return false
  // Logo and stamp noise read as text: short words of mixed case ("aR iE", "Wf").
  if (!/\p{L}{3}/u.test(name)) return false
  if (dateCandidates(folded).length > 0 || timeOfDay.test(folded)) return false
  if (phoneNumber.test(folded) || registration.test(fold(name))) return false
  if (/\b(?:hours?|hrs|opening|open daily)\b/.test(folded)) return false
  if (postalCode.test(folded) && !companySuffix.test(folded)) return false
  if ((webAddress.test(folded) || keyValue.test(folded)) && !legalSuffix.test(folded)) return false
  if (headerSquashed.test(line.squashed)) return false
  if (/\d/.test(folded) && streetWords.test(folded)) return false
  if (/^(?:no|lot|jalan|jln|lorong|taman|tmn|blok|block|unit|suite)(?![a-z])/.test(folded)) return false
  if (provinces.test(folded) && folded.split(/[\s,]+/).length <= 4) return false
  if (personTitle.test(folded) && !companySuffix.test(folded)) return false
  const rest = folded
    .replace(headerWords, ' ')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()
  return rest.replace(/\s/g, '').length >= 3
}

function cleanVendor(text: string): string | null {
  let name = text
  for (let pass = 0; pass < 3; pass++) {
    name = name
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}).!'’]+$/gu, '')
      // Decoration misread by OCR ("*** COSTCO" as "#4% COSTCO"): a leading word of symbols and digits.
      .replace(/^[\p{N}]*[^\p{L}\p{N}\s]+[^\p{L}\s]*\s+(?=\p{L})/u, '')
      .replace(/\s*(?:#|no\.?|n°|store|magasin|succ\.?|succursale)\s*#?\s*\d+$/i, '')
      .replace(/\s+-\s*\d+$/, '')
      // A registration number printed after the name: "SANYU SUPPLY SDN BHD (1135772-K)".
      .replace(/\s*\(?\b\d{4,}-?[A-Z]?\)?$/i, '')
      .replace(/\s*\([^()]*\d{4,}[^()]*\)$/, '')
      // OCR splits hyphenated names at the hyphen ("PETRO- CANADA").
      .replace(/(\p{L})- (?=\p{L})/gu, '$1-')
      // And reads the letter O as a zero inside words ("AEON C0. (M) BHD").
      .replace(/(?<=\p{L})0+(?=[\p{L}.]|$)|(?<=^|\s)0(?=\p{L}{2})/gu, (zeros) => 'O'.repeat(zeros.length))
      .trim()
  }
  if (name.length > limits.extractedVendorLengthMax)
    name = name.slice(0, limits.extractedVendorLengthMax).trim()
  return (name.match(/\p{L}/gu)?.length ?? 0) >= 2 ? name : null
}

// ---------------------------------------------------------------------------------------------
// The date

// biome-ignore format: a table reads better than one name per line
const monthNames: Record<string, number> = {
  january: 1, jan: 1, janvier: 1, janv: 1, januari: 1,
  february: 2, feb: 2, fevrier: 2, fevr: 2, fev: 2, februari: 2, febuari: 2,
  march: 3, mar: 3, mars: 3, mac: 3,
  april: 4, apr: 4, avril: 4, avr: 4,
  may: 5, mai: 5, mei: 5,
  june: 6, jun: 6, juin: 6,
  july: 7, jul: 7, juillet: 7, juil: 7, julai: 7,
  august: 8, aug: 8, aout: 8, ogos: 8, ogo: 8,
  september: 9, sept: 9, sep: 9, septembre: 9,
  october: 10, oct: 10, octobre: 10, oktober: 10, okt: 10,
  november: 11, nov: 11, novembre: 11,
  december: 12, dec: 12, decembre: 12, disember: 12, dis: 12,
}
const monthAlternation = Object.keys(monthNames)
  .sort((a, b) => b.length - a.length)
  .join('|')

// OCR may drop the space between a date and its time, so a date's last figures may run into the
// time ("2026-02-2814:22", "2026-03-061315", "09-04-201813:16"); the figures that touch the time
// are then the full day or year.
const isoDate = /(?<!\d)(\d{4})([-/.])(\d{1,2})\2(\d{2}(?=\d{1,2}:\d{2}|\d{4}(?!\d))|\d{1,2}(?!\d))/g
const numericDate =
  /(?<![\d/.])(\d{1,2}) ?([/.-]) ?(\d{1,2}) ?\2 ?(\d{4}(?=\d{1,2}:\d{2})|\d{2}(?=\d{1,2}:\d{2})|(?:\d{4}|\d{2})(?![\d]|[/.-]\d))/g
const monthFirst = new RegExp(
  String.raw`\b(${monthAlternation})\.? ?(\d{1,2})(?:st|nd|rd|th)?(?:, ?| )(\d{4})(?!\d)`,
  'g',
)
const dayFirst = new RegExp(
  String.raw`(?<!\d)(\d{1,2})(?:er|st|nd|rd|th)?([ -/]?)(${monthAlternation})\.?,?[ -/]?(\d{4}(?=\d{1,2}:\d{2})|\d{2}(?=\d{1,2}:\d{2})|(?:\d{4}|\d{2})(?!\d))`,
  'g',
)

// Lines that print a date other than the document's own.
const otherDates =
  /\b(?:due|echeance|exp|expiry|expires|expiration|valid|valable|return|returns|retour|retours|until|jusqu|period|periode|billing period|since|depuis|member|membre|next|prochain|prochaine|birth|naissance|best before|meilleur avant|from|to|au)\b/
const documentDate = /\b(?:date|dated|issued|emis|emise|le|tarikh)\b|date/

type DayOrder = 'dayFirst' | 'monthFirst'

interface DateCandidate {
  /** The reading taken, and the other one when day and month could be swapped. */
  date: CalendarDate
  swapped: CalendarDate | null
  /** Day and month could be swapped, and the other reading was impossible (after the receipt arrived). */
  decided?: boolean
  at: number
}

/** What tells a receipt's day from its month when both are 12 or less, the strongest first. */
interface OrderEvidence {
  order: DayOrder
  /** The receipt itself says it (a date no other way round, its language, its currency). */
  printed: boolean
  /** The organization's currency says it, nothing on the receipt does. */
  organization: boolean
}

/**
 * Numeric dates with `/` or `-` read month first or day first as the evidence says (see
 * dateOrderEvidence); with `.` (05.03.2026) the day always comes first. A reading that is no valid
 * date (13/05/2026 month first) leaves the other.
 */
function dateCandidates(folded: string, order: DayOrder = 'monthFirst'): DateCandidate[] {
  const found: DateCandidate[] = []
  const add = (date: CalendarDate | null, at: number, swapped: CalendarDate | null = null) => {
    if (date) found.push({ date, swapped, at })
  }
  for (const m of folded.matchAll(isoDate))
    add(calendarDate(Number(m[1]), Number(m[3]), Number(m[4])), m.index)
  for (const m of folded.matchAll(numericDate)) {
    // Part of a longer run of the same separator ("1-05-03-2026"), a reference rather than a date.
    if (folded[m.index - 1] === m[2]) continue
    const first = Number(m[1])
    const second = Number(m[3])
    const year = fullYear(m[4] ?? '')
    const dayFirstReading = calendarDate(year, second, first)
    const monthFirstReading = calendarDate(year, first, second)
    if (m[2] === '.' || !monthFirstReading) add(dayFirstReading, m.index)
    else if (!dayFirstReading || first === second) add(monthFirstReading, m.index)
    else if (order === 'dayFirst') add(dayFirstReading, m.index, monthFirstReading)
    else add(monthFirstReading, m.index, dayFirstReading)
  }
  for (const m of folded.matchAll(monthFirst))
    add(calendarDate(Number(m[3]), monthNames[m[1] ?? ''] ?? 0, Number(m[2])), m.index)
  for (const m of folded.matchAll(dayFirst)) {
    // A two-digit year only in the dashed or slashed form ("05-mar-26"), where it is customary.
    if ((m[4] ?? '').length === 2 && m[2] === '') continue
    add(calendarDate(fullYear(m[4] ?? ''), monthNames[m[3] ?? ''] ?? 0, Number(m[1])), m.index)
  }
  return found.sort((a, b) => a.at - b.at)
}

function fullYear(digits: string): number {
  return digits.length === 2 ? 2000 + Number(digits) : Number(digits)
}

function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null
  if (day > daysInMonth(year, month)) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

const frenchText =
  /\b(?:tps|tvq|sous-total|sous total|merci|montant|facture|recu|total a payer|pourboire|taxes incluses|caissier|caissiere|monnaie|comptant|achat)\b/
// Malay, printed on receipts from Malaysia and Brunei, where the day comes first.
const malayText = /sdnbhd|terimakasih|jalan|kedai|cukai|tarikh|jumlah/
// Currencies of countries that write the day first; the dollar of the United States and of
// Canada (where both orders are printed, month first by most tills) are the exceptions.
const monthFirstCurrencies = new Set(['USD'])
const mixedOrderCurrencies = new Set(['CAD'])

function dateOrderEvidence(
  lines: Line[],
  printedCurrency: string | null,
  organizationCurrency: string,
): OrderEvidence | null {
  // A date on the receipt that can only be read one way tells how the others are printed.
  let dayFirstSeen = 0
  let monthFirstSeen = 0
  for (const line of lines) {
    for (const m of line.folded.matchAll(numericDate)) {
      if (m[2] === '.') continue
      const first = Number(m[1])
      const second = Number(m[3])
      if (first > 12 && second <= 12) dayFirstSeen++
      if (second > 12 && first <= 12) monthFirstSeen++
    }
  }
  if (dayFirstSeen > monthFirstSeen) return { order: 'dayFirst', printed: true, organization: false }
  if (monthFirstSeen > dayFirstSeen) return { order: 'monthFirst', printed: true, organization: false }
  if (lines.some((line) => frenchText.test(line.folded) || malayText.test(line.squashed)))
    return { order: 'dayFirst', printed: true, organization: false }
  if (printedCurrency && !mixedOrderCurrencies.has(printedCurrency)) {
    const order = monthFirstCurrencies.has(printedCurrency) ? 'monthFirst' : 'dayFirst'
    return { order, printed: true, organization: false }
  }
  if (!mixedOrderCurrencies.has(organizationCurrency)) {
    const order = monthFirstCurrencies.has(organizationCurrency) ? 'monthFirst' : 'dayFirst'
    return { order, printed: false, organization: true }
  }
  return null
}

/** The document's own date: a labelled one first, then the first plain one, then any. */
function findDate(
  lines: Line[],
  evidence: { receivedOn: CalendarDate | undefined; order: OrderEvidence | null },
): { date: CalendarDate; confidence: number } | null {
  const order = evidence.order?.order ?? 'monthFirst'
  const all: DateCandidate[] = []
  let labelled: DateCandidate | null = null
  let plain: DateCandidate | null = null
  let other: DateCandidate | null = null
  for (const line of lines) {
    const candidates = dateCandidates(line.folded, order).flatMap((c): DateCandidate[] => {
      if (plausible(c.date, evidence.receivedOn)) return [c]
      // The reading taken would be after the receipt arrived; the other one is the date.
      if (c.swapped !== null && plausible(c.swapped, evidence.receivedOn))
        return [{ ...c, date: c.swapped, swapped: null, decided: true }]
      return []
    })
    all.push(...candidates)
    const first = candidates[0]
    if (!first) continue
    if (otherDates.test(line.folded)) {
      other ??= first
      continue
    }
    if (documentDate.test(line.folded) || documentDate.test(line.squashed)) labelled ??= first
    plain ??= first
  }
  const pick = labelled ?? plain ?? other
  if (!pick) return null
  if (pick.decided) return { date: pick.date, confidence: sure.decidedDate }
  if (pick.swapped === null) return { date: pick.date, confidence: sure.unambiguousDate }
  return decideOrder(pick, all, evidence)
}

/** A receipt is not dated after the day it arrived (a day's grace for time zones). */
function plausible(date: CalendarDate, receivedOn: CalendarDate | undefined): boolean {
  return receivedOn === undefined || date <= addDays(receivedOn, 1)
}

// How long before its arrival a receipt is usually dated: a reading this close to the upload,
// when the other reading is not, is evidence of the order.
const recentDays = 45

function decideOrder(
  pick: DateCandidate,
  all: DateCandidate[],
  evidence: { receivedOn: CalendarDate | undefined; order: OrderEvidence | null },
): { date: CalendarDate; confidence: number } {
  const swapped = pick.swapped as CalendarDate
  // The same day printed elsewhere on the receipt in a form that cannot be swapped.
  const unambiguous = new Set(all.filter((c) => c.swapped === null).map((c) => c.date))
  if (unambiguous.has(pick.date) && !unambiguous.has(swapped))
    return { date: pick.date, confidence: sure.unambiguousDate }
  if (unambiguous.has(swapped) && !unambiguous.has(pick.date))
    return { date: swapped, confidence: sure.unambiguousDate }
  const receivedOn = evidence.receivedOn
  if (receivedOn !== undefined) {
    const pickFuture = pick.date > addDays(receivedOn, 1)
    const swappedFuture = swapped > addDays(receivedOn, 1)
    if (pickFuture !== swappedFuture)
      return { date: pickFuture ? swapped : pick.date, confidence: sure.decidedDate }
    const recent = (date: CalendarDate) => date >= addDays(receivedOn, -recentDays) && !(date > receivedOn)
    if (recent(pick.date) !== recent(swapped))
      return { date: recent(pick.date) ? pick.date : swapped, confidence: sure.decidedDate }
  }
  if (evidence.order?.printed || evidence.order?.organization)
    return { date: pick.date, confidence: sure.decidedDate }
  return { date: pick.date, confidence: sure.guessedDate }
}
