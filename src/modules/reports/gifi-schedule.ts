import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccountRecord } from '../accounts/accounts-port.js'
import { naturalOf, type Totals } from './report.js'

// The GIFI schedules of a T2 return (DESIGN 8.5), pure: the service reads the accounts, their
// GIFI codes and the totals, and this groups the balances by code and adds CRA's total lines.

export type GifiScheduleNumber = 100 | 125

export interface GifiAmount {
  code: string
  amountMinor: bigint
}

/** The total lines each schedule carries, computed from its other lines. */
export const gifiTotalLines: Record<GifiScheduleNumber, readonly string[]> = {
  100: ['2599', '3499', '3620', '3640'],
  125: ['8299', '9368', '9999'],
}

const sections: Record<GifiScheduleNumber, ReadonlyArray<AccountRecord['classification']>> = {
  100: ['asset', 'liability', 'equity'],
  125: ['revenue', 'expense'],
}

/**
 * Schedule 100 from the totals up to the year end, `earningsMinor` being every earning up to it
 * (added to 3600: no closing entries are posted); schedule 125 from the year's totals. Refused,
 * naming them, when accounts with a balance have no GIFI code.
 */
export function gifiSchedule(
  schedule: GifiScheduleNumber,
  accounts: readonly AccountRecord[],
  totals: Map<string, Totals>,
  gifiCodeOf: (account: AccountRecord) => string | undefined,
  earningsMinor: bigint,
): Result<GifiAmount[]> {
  const byCode = new Map<string, bigint>()
  const sums = { asset: 0n, liability: 0n, equity: 0n, revenue: 0n, expense: 0n }
  const missing: string[] = []
  for (const account of accounts) {
    if (!sections[schedule].includes(account.classification)) continue
    const amount = naturalOf(account, totals)
    if (amount === 0n) continue
    const code = gifiCodeOf(account)
    if (code === undefined) {
      missing.push(account.name)
      continue
    }
    byCode.set(code, (byCode.get(code) ?? 0n) + amount)
    sums[account.classification] += amount
  }
  if (missing.length > 0) {
    return fail(
      'GIFI_CODE_MISSING',
      `Accounts with a balance have no GIFI code: ${missing.sort().join(', ')}. Give each one a taxCodeId.`,
      'endDate',
    )
  }
  if (schedule === 100) {
    byCode.set('3600', (byCode.get('3600') ?? 0n) + earningsMinor)
    const equity = sums.equity + earningsMinor
    byCode.set('2599', sums.asset)
    byCode.set('3499', sums.liability)
    byCode.set('3620', equity)
    byCode.set('3640', sums.liability + equity)
  } else {
    byCode.set('8299', sums.revenue)
    byCode.set('9368', sums.expense)
    byCode.set('9999', sums.revenue - sums.expense)
  }
  return ok(
    [...byCode.entries()]
      .map(([code, amountMinor]) => ({ code, amountMinor }))
      .sort((a, b) => Number(a.code) - Number(b.code) || a.code.localeCompare(b.code)),
  )
}
