/** A cell is text, or an amount kept as the API's decimal string so the CSV holds it exactly. */
export type ReportCell = string | { amount: string }

export interface ReportTable {
  /** Names the table on screen and the CSV file. */
  title: string
  head: string[]
  /** Columns from this index on are amounts, right-aligned. */
  amountsFrom: number
  body: ReportCell[][]
  foot?: ReportCell[][]
  /** Rows that head a group (Assets, Liabilities): shown in bold, kept in the CSV as they are. */
  groupRows?: ReadonlySet<number>
}

/**
 * Text a spreadsheet would run as a formula: =, +, -, @ (or their full-width forms, which some
 * locales read the same), also behind spaces, line breaks, other control characters or invisible
 * format characters, which Excel and LibreOffice skip before deciding; and any text that starts
 * with a control character (a tab, a CR), which some spreadsheets treat as a cell separator.
 */
const formulaLike = /^(?:[\s\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|\p{Cc})/u

/** One text cell as a spreadsheet must read it: as the text it is, never as a formula. */
export function csvText(text: string): string {
  const safe = formulaLike.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * RFC 4180 text: quoted where a comma, quote or line break needs it. A name that a spreadsheet
 * would take for a formula gets a leading apostrophe; amounts stay plain decimals, with a minus
 * sign a spreadsheet reads as one.
 */
export function toCsv(table: ReportTable): string {
  const field = (cell: ReportCell): string => (typeof cell === 'string' ? csvText(cell) : cell.amount)
  const rows = [table.head, ...table.body, ...(table.foot ?? [])]
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`
}
