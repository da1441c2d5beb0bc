import { addDays } from '../format/dates'

export interface ReturnPeriod {
  startDate: string
  endDate: string
  jurisdiction: string
}

/** The returns salesTaxReturn makes (DESIGN 8.3). */
export const jurisdictions: ReadonlyArray<{ code: string; label: string }> = [
  { code: 'CA', label: 'GST/HST (CRA)' },
  { code: 'CA-QC', label: 'QST (Revenu Québec)' },
  { code: 'CA-BC', label: 'PST British Columbia' },
  { code: 'CA-SK', label: 'PST Saskatchewan' },
  { code: 'CA-MB', label: 'RST Manitoba' },
]

/** The calendar quarter today (UTC) falls in, on the GST/HST return: most businesses file quarterly. */
export function currentQuarter(today = new Date().toISOString().slice(0, 10)): ReturnPeriod {
  const year = today.slice(0, 4)
  const firstMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1
  const startDate = `${year}-${String(firstMonth).padStart(2, '0')}-01`
  const next =
    firstMonth + 3 > 12
      ? `${Number(year) + 1}-01-01`
      : `${year}-${String(firstMonth + 3).padStart(2, '0')}-01`
  return { startDate, endDate: addDays(next, -1), jurisdiction: 'CA' }
}
