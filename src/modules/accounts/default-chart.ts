import type { AccountType } from '../tax-codes/tax-codes-port.js'

// The chart every new organization starts with (DESIGN 5.3, plus the accounts a small business
// reaches for in its first week). System roles let other modules find an account whatever the
// organization later adds around it.
export type SystemRole =
  | 'chequing'
  | 'credit_card'
  | 'accounts_receivable'
  | 'taxes_recoverable'
  | 'accounts_payable'
  | 'gst_hst_payable'
  | 'retained_earnings'
  | 'sales_revenue'
  | 'cost_of_goods_sold'
  | 'bank_fees'

export interface DefaultAccount {
  name: string
  gifi: string | null
  accountType: AccountType
  role?: SystemRole
}

export const defaultChart: readonly DefaultAccount[] = [
  { name: 'Chequing', gifi: '1002', accountType: 'bank', role: 'chequing' },
  {
    name: 'Accounts Receivable',
    gifi: '1060',
    accountType: 'accounts_receivable',
    role: 'accounts_receivable',
  },
  { name: 'Taxes Recoverable', gifi: '1483', accountType: 'other_current_asset', role: 'taxes_recoverable' },
  { name: 'Credit Card', gifi: null, accountType: 'credit_card', role: 'credit_card' },
  { name: 'Accounts Payable', gifi: '2620', accountType: 'accounts_payable', role: 'accounts_payable' },
  { name: 'GST/HST Payable', gifi: '2680', accountType: 'other_current_liability', role: 'gst_hst_payable' },
  { name: 'Share Capital', gifi: '3500', accountType: 'equity' },
  { name: 'Retained Earnings', gifi: '3600', accountType: 'equity', role: 'retained_earnings' },
  { name: 'Sales Revenue', gifi: '8000', accountType: 'income', role: 'sales_revenue' },
  { name: 'Interest Income', gifi: '8090', accountType: 'income' },
  { name: 'Other Revenue', gifi: '8230', accountType: 'income' },
  { name: 'Cost of Goods Sold', gifi: '8320', accountType: 'cost_of_goods_sold', role: 'cost_of_goods_sold' },
  { name: 'Advertising & Promotion', gifi: '8520', accountType: 'expense' },
  { name: 'Meals & Entertainment', gifi: '8523', accountType: 'expense' },
  { name: 'Insurance', gifi: '8690', accountType: 'expense' },
  { name: 'Bank Fees & Charges', gifi: '8715', accountType: 'expense', role: 'bank_fees' },
  { name: 'Office Expenses', gifi: '8810', accountType: 'expense' },
  { name: 'Professional Fees', gifi: '8860', accountType: 'expense' },
  { name: 'Rent', gifi: '8910', accountType: 'expense' },
  { name: 'Travel', gifi: '9200', accountType: 'expense' },
  { name: 'Utilities', gifi: '9220', accountType: 'expense' },
  { name: 'Other Expenses', gifi: '9270', accountType: 'expense' },
  // Where a reconciliation's unexplained difference goes when the bookkeeper names no other
  // account; GIFI has no line of its own for it, so the organization maps it at year end.
  { name: 'Reconciliation Discrepancies', gifi: null, accountType: 'expense' },
]
