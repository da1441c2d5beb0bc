import { type CalendarDate, daysInMonth } from '../../../kernel/calendar-date.js'
import { currencyDecimals, defaultCurrency } from '../../../kernel/currency.js'
import { limits } from '../../../kernel/limits.js'
import { parseMoney } from '../../../kernel/money.js'

// Receipt text comes from people's inboxes, PDF text layers and OCR, so every rule here is a
// heuristic: it reads what real receipts print and gives up (null) rather than guess wildly.

export interface ExtractedFields {
  vendorName: string | null
  /** The grand total in minor units of `currency`; negative for refunds and credit notes. */
  amountMinor: bigint | null
  currency: string
  receiptDate: CalendarDate | null
}

export interface ExtractOptions {
  /** The text is OCR output: tolerate its usual misreadings where a total is printed. */
  ocr?: boolean
}

export function extractFields(text: string, options: ExtractOptions = {}): ExtractedFields {
  const lines = receiptLines(text)
  const total = findTotal(lines, options.ocr === true)
  return {
    vendorName: findVendor(lines),
    amountMinor: total?.minor ?? null,
    currency: total?.currency ?? textCurrency(lines),
    receiptDate: findDate(lines),
  }
}

// ---------------------------------------------------------------------------------------------
// Lines

interface Line {
  /** As printed, with white space collapsed. */
  text: string
  /** Lower case without accents, for matching labels ("Montant dû" -> "montant du"). */
  folded: string
}

function receiptLines(text: string): Line[] {
  const normalized = text
    .slice(0, limits.receiptTextLengthMax)
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029\f\v]/g, '\n')
    // PDF and OCR output use the typographic minus and every width of space.
    .replace(/[\u2212\u2012\u2013\uFE63\uFF0D]/g, '-')
    .replace(/[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
  const lines: Line[] = []
  for (const raw of normalized.split('\n')) {
    const line = raw.replace(/ {2,}/g, ' ').trim()
    if (line !== '') lines.push({ text: line, folded: fold(line) })
  }
  return lines
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

// ---------------------------------------------------------------------------------------------
// Amounts

interface MoneyToken {
  minor: bigint
  /** ISO code when the amount carries one ("US$", "€", "CAD"); null for a bare "$" or none. */
  currency: string | null
}

// Three number shapes, tried in order: French "1 234,56" (space or dot groups, comma decimals,
// decimals required), English "1,234.56" (comma groups), and plain "1234.56" / "12,50" / "25".
// The look-arounds refuse pieces of longer numbers: dates (05.03.2026), quantities (45.123 L),
// percentages (13%) and phone numbers never yield an amount. A number without decimals counts
// only beside a currency sign ("$25"), never alone ("Table 12").
const numberPattern =
  /(?<![\d.,])(\d{1,3}(?:[ .]\d{3})+,\d{2}|\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:[.,]\d{2})?)(?![\d%]|[.,]\d)/g

const currencyMarkers: ReadonlyArray<readonly [RegExp, string | null]> = [
  [/^(?:US\$|USD|U\.S\.\$)$/i, 'USD'],
  [/^(?:CA\$|C\$|CDN\$|CAD|CDN)$/i, 'CAD'],
  [/^(?:€|EUR)$/i, 'EUR'],
  [/^(?:£|GBP)$/i, 'GBP'],
  [/^(?:AUD|A\$)$/i, 'AUD'],
  [/^(?:CHF)$/i, 'CHF'],
]
const marker = String.raw`(?:US\$|U\.S\.\$|CA\$|CDN\$|C\$|A\$|\$|€|£|\b(?:USD|CAD|CDN|EUR|GBP|AUD|CHF)\b)`
const markerBefore = new RegExp(`(${marker}) ?-?$`, 'i')
const markerAfter = new RegExp(`^ ?(${marker})`, 'i')
// "-12.50", "-$12.50" and "$-12.50" are credits; the dash in "Total - 12.50" or "Total--12.50" is a leader.
const minusBefore = new RegExp(`(?:^|[ (])-(?:${marker} ?)?$|${marker} ?-$`, 'i')
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
    tokens.push({ minor: negative ? -minor : minor, currency })
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
// "Total current charges" beside the "Amount due" that is actually paid.
const grandLabel =
  /\b(?:grand total|total due|amount due|balance due|total amount|amount payable|total payable|total to pay|invoice total|total de la facture|montant total|total a payer|montant a payer|montant du|solde du|solde a payer|net a payer|total ttc|a payer)\b/
const totalWord = /\b(?:t[o0]ta[l1])\b/
const partial = /\b(?:sub|sous|before|avant|hors|excl|excluding|ht|pretax)\b|\bsub-?t[o0]ta[l1]|\bsous-?total/
const taxOrTip = /\b(?:tax|taxes|gst|hst|qst|pst|tps|tvq|tvh|tva|vat|tip|tips|gratuity|pourboire)\b/
// A total "including tax" or "with tip" is still the grand total.
const inclusive = /\b(?:incl|including|included|inclus|incluse|incluses|inclues|avec|with|ttc)\b/
const notTheTotal =
  /\b(?:change|monnaie|rendu|cash|comptant|especes|tendered|tender|saving|savings|saved|economies|economie|epargne|discount|rabais|remise|coupon|points?|rewards?|number of items|items sold|item count|nombre d.articles|articles vendus|previous|precedent|payment|payments|paiement|paiements|received|recu|deposit|depot|consigne|limit|weight|poids)\b/
const paymentLabel =
  /\b(?:visa|mastercard|master card|mc|amex|american express|debit|interac|credit|card|carte|amount|montant|paid|paye|charged|purchase|achat|sale|vente)\b/

function classify(folded: string): TotalLabel {
  const grand = grandLabel.test(folded)
  const total = grand || totalWord.test(folded)
  if (total && partial.test(folded)) return 'other'
  if (notTheTotal.test(folded)) return 'other'
  if (taxOrTip.test(folded) && !(total && inclusive.test(folded))) return 'other'
  if (grand) return 'grand'
  if (total) return 'total'
  return paymentLabel.test(folded) ? 'payment' : 'other'
}

interface TotalCandidate {
  minor: bigint
  currency: string | null
  label: TotalLabel
}

/**
 * The last grand total wins (a restaurant prints the total again after the tip); an explicit
 * "Amount due" beats a plain "Total"; a zero total ("Balance due 0.00" on a paid invoice) only
 * counts when nothing else is found; a card line ("VISA 12.47") is the last resort.
 */
function findTotal(lines: Line[], ocr: boolean): { minor: bigint; currency: string } | null {
  const candidates: TotalCandidate[] = []
  // Tesseract reads a faint decimal point as a colon ("TOTAL 72:15"); on a line labelled as a
  // total that is an amount, while a time elsewhere ("18:02") stays a time.
  const repaired = (text: string) => (ocr ? text.replace(/(?<=\d):(?=\d{2}(?![\d:]))/g, '.') : text)
  for (const [index, line] of lines.entries()) {
    const label = classify(line.folded)
    if (label === 'other') continue
    let tokens = moneyTokens(repaired(line.text))
    // Tables and OCR often put the amount on the line below its label.
    const below = lines[index + 1]
    const next = below ? repaired(below.text) : null
    if (tokens.length === 0 && next && isBareAmount(next)) tokens = moneyTokens(next)
    const token = tokens.at(-1)
    if (token) candidates.push({ minor: token.minor, currency: token.currency, label })
  }
  const pick =
    lastWhere(candidates, (c) => c.label === 'grand' && c.minor !== 0n) ??
    lastWhere(candidates, (c) => c.label === 'total' && c.minor !== 0n) ??
    lastWhere(candidates, (c) => c.label !== 'payment') ??
    lastWhere(candidates, (c) => c.label === 'payment' && c.minor !== 0n)
  if (!pick) return null
  return { minor: pick.minor, currency: pick.currency ?? textCurrency(lines) }
}

/** A line that holds one amount and nothing else: "$11.30", "(5.00)", "CA$39.19", "12,50 $". */
function isBareAmount(text: string): boolean {
  const rest = text.replace(new RegExp(`${marker}|\\bCR\\b`, 'gi'), '')
  return /^[\s()-]*\d[\d ,.]*[\s()-]*$/.test(rest) && moneyTokens(text).length === 1
}

function lastWhere<T>(items: T[], predicate: (item: T) => boolean): T | undefined {
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index]
    if (item !== undefined && predicate(item)) return item
  }
  return undefined
}

// A bare "$" is the Canadian dollar here; another currency must be named for the receipt to be in it.
function textCurrency(lines: Line[]): string {
  const named = new Set<string>()
  for (const line of lines) {
    for (const match of line.text.matchAll(
      /(?<![A-Za-z])(US\$|U\.S\.\$|CA\$|CDN\$|C\$|A\$|USD|CAD|CDN|EUR|GBP|AUD|CHF)(?![A-Za-z])|[€£]/g,
    )) {
      const code = markerCurrency(match[1] ?? match[0])
      if (code) named.add(code)
    }
    if (/\b(?:us dollars?|u\.s\. dollars?)\b/.test(line.folded)) named.add('USD')
    if (/\b(?:canadian dollars?|dollars? canadiens?)\b/.test(line.folded)) named.add('CAD')
  }
  if (named.has(defaultCurrency) || named.size !== 1) return defaultCurrency
  return [...named][0] ?? defaultCurrency
}

// ---------------------------------------------------------------------------------------------
// The vendor

// Words that make up header lines which are not the merchant's name.
const headerWords =
  /\b(?:receipt|sales receipt|receipt no|invoice|tax invoice|facture|recu|bill|statement|releve|order|orders|commande|confirmation|transaction|record|customer|merchant|client|marchand|copy|copie|duplicate|original|reprint|sale|vente|purchase|achat|refund|refunds|return|returns|retour|remboursement|void|exchange|echange|credit note|note de credit|welcome|bienvenue|thank you|thanks|merci|store|magasin|succursale|branch|cashier|caissier|caissiere|server|serveur|serveuse|table|guests?|register|caisse|terminal|trans|date|time|heure|page|no|number|numero|dine in|take out|to go|sur place|a emporter|pickup|delivery|livraison|tel|phone|fax|www|email|courriel)\b/g
const streetWords =
  /\b(?:st|street|ave|av|avenue|rd|road|blvd|boul|boulevard|dr|drive|rue|ch|chemin|way|lane|ln|hwy|highway|route|rte|cres|crescent|crt|court|ct|place|pl|pkwy|parkway|sq|square|unit|suite|ste|bureau|local|floor|etage|po box|cp|terrace|trail|circle|row|mall|centre|center|plaza)\b/
const provinces =
  /(?:^|[\s,(])(?:on|qc|bc|ab|mb|sk|ns|nb|nl|pe|yt|nt|nu|ontario|quebec|alberta|manitoba|saskatchewan|nova scotia|new brunswick|newfoundland|british columbia|ny|ca|wa|tx|fl|ma|il)\)?\.?$/
const postalCode = /\b[a-z]\d[a-z] ?\d[a-z]\d\b|\b[a-z]{2} \d{5}(?:-\d{4})?\b/
const phoneNumber = /(?:\+?1[ .-]?)?\(?\d{3}\)?[ .-]?\d{3}[ .-]\d{4}\b/
const timeOfDay = /\b\d{1,2}:\d{2}(?::\d{2})?\b/
const registration = /\b(?:gst|hst|qst|pst|tps|tvq|tvh|bn|rt|reg|vat)\b.*\d{5}/
const webAddress = /https?:|www\.|@|\.(?:com|ca|net|org|qc\.ca)\b/
const keyValue = /^[a-z#.' ]{2,30}:/

const bareDomain =
  /^(?:https?:\/\/)?(?:www\.)?([a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|ca|net|org|co|io|shop|store|qc\.ca))\/?$/i
const introduction =
  /^(?:welcome to|bienvenue (?:chez|à|a|au)|your receipt from|receipt from|votre reçu de)\s+(.+)$/i
const farewell =
  /\b(?:thank you for (?:shopping|dining|choosing|visiting)(?: at| with)?|merci d'avoir (?:magasiné|magasine|choisi)(?: chez| à| a)?)\s+(.+?)[!. ]*$/i

function findVendor(lines: Line[]): string | null {
  for (const line of lines) {
    const introduced = introduction.exec(line.text)?.[1]
    const fromIntroduction = introduced ? cleanVendor(introduced) : null
    if (fromIntroduction) return fromIntroduction
    // Item lines have begun; the name, when printed, was above them.
    if (moneyTokens(line.text).length > 0) break
    // Online shops print their domain where a store prints its name.
    const domain = bareDomain.exec(line.text)?.[1]
    if (domain) return domain
    const name = cleanVendor(line.text)
    if (name && looksLikeName(line, name)) return name
  }
  for (const line of lines) {
    const thanked = farewell.exec(line.text)?.[1]
    const name = thanked ? cleanVendor(thanked) : null
    if (name) return name
  }
  return null
}

function looksLikeName(line: Line, name: string): boolean {
  const folded = line.folded
  // Judged on the name without its decoration and store number: "=== LOBLAWS #1042 ===".
  const letters = name.match(/\p{L}/gu)?.length ?? 0
  const visible = name.replace(/\s/g, '').length
  if (letters < 2 || letters < visible * 0.5) return false
  if (dateCandidates(folded, false).length > 0 || timeOfDay.test(folded)) return false
  if (phoneNumber.test(folded) || postalCode.test(folded) || registration.test(folded)) return false
  if (webAddress.test(folded) || keyValue.test(folded)) return false
  if (/\d/.test(folded) && streetWords.test(folded)) return false
  if (provinces.test(folded) && folded.split(/[\s,]+/).length <= 4) return false
  const rest = folded
    .replace(headerWords, ' ')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()
  return rest.replace(/\s/g, '').length >= 2
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
      // OCR splits hyphenated names at the hyphen ("PETRO- CANADA").
      .replace(/(\p{L})- (?=\p{L})/gu, '$1-')
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
  january: 1, jan: 1, janvier: 1, janv: 1,
  february: 2, feb: 2, fevrier: 2, fevr: 2, fev: 2,
  march: 3, mar: 3, mars: 3,
  april: 4, apr: 4, avril: 4, avr: 4,
  may: 5, mai: 5,
  june: 6, jun: 6, juin: 6,
  july: 7, jul: 7, juillet: 7, juil: 7,
  august: 8, aug: 8, aout: 8,
  september: 9, sept: 9, sep: 9, septembre: 9,
  october: 10, oct: 10, octobre: 10,
  november: 11, nov: 11, novembre: 11,
  december: 12, dec: 12, decembre: 12,
}
const monthAlternation = Object.keys(monthNames)
  .sort((a, b) => b.length - a.length)
  .join('|')

const isoDate = /(?<!\d)(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])/g
const numericDate = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d]|[/.-]\d)/g
const monthFirst = new RegExp(
  String.raw`\b(${monthAlternation})\.? (\d{1,2})(?:st|nd|rd|th)?(?:, ?| )(\d{4})\b`,
  'g',
)
const dayFirst = new RegExp(
  String.raw`\b(\d{1,2})(?:er|st|nd|rd|th)?([ -])(${monthAlternation})\.?\2(\d{4}|\d{2})(?!\d)`,
  'g',
)

// Lines that print a date other than the document's own.
const otherDates =
  /\b(?:due|echeance|exp|expiry|expires|expiration|valid|valable|return|returns|retour|retours|until|jusqu|period|periode|billing period|since|depuis|member|membre|next|prochain|prochaine|birth|naissance|best before|meilleur avant|from|to|au)\b/
const documentDate = /\b(?:date|dated|issued|emis|emise|le)\b/

interface DateCandidate {
  date: CalendarDate
  at: number
}

/**
 * Numeric dates with `/` or `-` are read month first (03/05/2026 is 5 March, the order most
 * North American point-of-sale systems print) unless the first number is above 12 or the receipt
 * is in French, where day first is the rule. With `.` (05.03.2026) the day always comes first.
 */
function dateCandidates(folded: string, dayFirstText: boolean): DateCandidate[] {
  const found: DateCandidate[] = []
  const add = (year: number, month: number, day: number, at: number) => {
    const date = calendarDate(year, month, day)
    if (date) found.push({ date, at })
  }
  for (const m of folded.matchAll(isoDate)) add(Number(m[1]), Number(m[3]), Number(m[4]), m.index)
  for (const m of folded.matchAll(numericDate)) {
    const first = Number(m[1])
    const second = Number(m[3])
    const year = fullYear(m[4] ?? '')
    const dayFirstHere = m[2] === '.' || first > 12 || (dayFirstText && second <= 12)
    if (dayFirstHere) add(year, second, first, m.index)
    else add(year, first, second, m.index)
  }
  for (const m of folded.matchAll(monthFirst)) {
    add(Number(m[3]), monthNames[m[1] ?? ''] ?? 0, Number(m[2]), m.index)
  }
  for (const m of folded.matchAll(dayFirst)) {
    // A two-digit year only in the dashed form ("05-mar-26"), where it is customary.
    if ((m[4] ?? '').length === 2 && m[2] !== '-') continue
    add(fullYear(m[4] ?? ''), monthNames[m[3] ?? ''] ?? 0, Number(m[1]), m.index)
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

/** The document's own date: a labelled one first, then the first plain one, then any. */
function findDate(lines: Line[]): CalendarDate | null {
  const dayFirstText = lines.some((line) => frenchText.test(line.folded))
  let plain: CalendarDate | null = null
  let other: CalendarDate | null = null
  for (const line of lines) {
    const candidates = dateCandidates(line.folded, dayFirstText)
    const first = candidates[0]
    if (!first) continue
    if (otherDates.test(line.folded)) {
      other ??= first.date
      continue
    }
    if (documentDate.test(line.folded)) return first.date
    plain ??= first.date
  }
  return plain ?? other
}
