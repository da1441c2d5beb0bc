import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccountType, Classification } from './gifi.js'

export interface TaxCodeRecord {
  id: string
  code: string
  name: string
  classification: Classification
  accountType: AccountType
  isTotalLine: boolean
}

/** A GIFI code an account may be keyed to; total lines describe statements, not accounts. */
export function usableTaxCode(code: TaxCodeRecord | undefined, field = 'taxCodeId'): Result<TaxCodeRecord> {
  if (!code) return fail('TAX_CODE_NOT_FOUND', 'No tax code with this id.', field)
  if (code.isTotalLine) {
    return fail(
      'TAX_CODE_TOTAL_LINE',
      `GIFI ${code.code} (${code.name}) is a total line and cannot be used for an account.`,
      field,
    )
  }
  return ok(code)
}
