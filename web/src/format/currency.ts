// The minor units of a currency, after ISO 4217 as the server keeps it: two decimals but for the
// currencies below. A document's lines are rounded to these in the browser exactly as the server
// rounds them, so the totals shown while typing are the ones saved.
const decimalsOtherThanTwo: Readonly<Record<string, number>> = {
  BHD: 3,
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  IQD: 3,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  PYG: 0,
  RWF: 0,
  TND: 3,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
}

export function currencyDecimals(currency: string): number {
  return decimalsOtherThanTwo[currency.toUpperCase()] ?? 2
}
