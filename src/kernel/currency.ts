import { fail, ok, type Result } from './result.js'

// ISO 4217 minor-unit exponents. Currencies not listed use two decimals, the common case;
// the list names the ones that differ plus the ones Daybook's users meet most.
const decimalsByCurrency: Record<string, number> = {
  CAD: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  CHF: 2,
  AUD: 2,
  NZD: 2,
  MXN: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  JPY: 0,
  KRW: 0,
  CLP: 0,
  ISK: 0,
  VND: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  UGX: 0,
  PYG: 0,
  RWF: 0,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
  LYD: 3,
  IQD: 3,
}

export const defaultCurrency = 'CAD'

export function currencyDecimals(code: string): number {
  return decimalsByCurrency[code] ?? 2
}

export function parseCurrency(input: string): Result<string> {
  if (!/^[A-Z]{3}$/.test(input)) {
    return fail('INVALID_CURRENCY', 'Currency must be a three-letter ISO 4217 code such as CAD.', 'currency')
  }
  return ok(input)
}
