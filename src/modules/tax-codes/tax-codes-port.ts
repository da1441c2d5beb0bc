import type { Executor } from '../../db/schema.js'
import type { TaxCodeRecord } from './tax-code.js'

// What tax codes offer other modules: the CRA GIFI codes accounts are keyed to and the Canadian
// sales taxes, reference data every organization shares, so nothing here takes an OrgScope.

export {
  type AccountType,
  accountTypes,
  type Classification,
  classificationOfAccountType,
  classifications,
  classifyGifi,
} from './gifi.js'
export {
  loadSalesTaxCodes,
  percentRate,
  rateOn,
  recoverableMinor,
  returnJurisdictionOf,
  returnJurisdictionsOf,
  type SalesTaxCode,
  salesTaxCode,
  type TaxPart,
  taxIncludedIn,
  taxParts,
} from './sales-tax.js'
export { type TaxCodeRecord, usableTaxCode } from './tax-code.js'

export interface TaxCodesPort {
  findById(ex: Executor, id: string): Promise<TaxCodeRecord | undefined>
  findByIds(ex: Executor, ids: string[]): Promise<TaxCodeRecord[]>
  /** The GIFI codes of these numbers, total lines included. */
  findByCodes(ex: Executor, codes: string[]): Promise<TaxCodeRecord[]>
}
