import { z } from 'zod'
import { type DaybookCalls, limit, offset, reads, type ToolServer } from './shared.js'

const listAccountsDocument = `query ($organizationId: UUID!, $search: String, $limit: Int, $offset: Int) {
    listAccounts(organizationId: $organizationId, search: $search, limit: $limit, offset: $offset) {
      items { id name accountType classification subType active lastFour parentId } totalCount pageSize offset } }`

/** The chart of accounts, where the ids classify_event and the bank file tools take are found. */
export function registerAccountTools(server: ToolServer, { query }: DaybookCalls): void {
  server.registerTool(
    'list_accounts',
    {
      title: 'List accounts',
      description:
        "The organization's chart of accounts: id, name, accountType (bank, credit_card, income, expense, ...) and classification. Find a category's or a payment account's id here for classify_event and the bank file tools; balances are in balance_sheet.",
      inputSchema: {
        search: z.string().optional().describe('Text to find in the account name.'),
        limit,
        offset,
      },
      annotations: reads,
    },
    (args) => query(listAccountsDocument, args),
  )
}
