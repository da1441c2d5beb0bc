/** Adds days to a YYYY-MM-DD date, in UTC so that no time zone moves it. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`)
  moved.setUTCDate(moved.getUTCDate() + days)
  return moved.toISOString().slice(0, 10)
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** "2026-11-03T14:05:09.123Z" -> "2026-11-03 14:05" (UTC, as the API gives it); null -> "never". */
export function shortDateTime(iso: string | null | undefined, missing = 'never'): string {
  if (!iso) return missing
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`.trim()
}
