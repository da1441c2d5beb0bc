import { gql } from '@urql/core'
import type { Organization } from '../session/session-store'

// The operations the app sends, each typed by hand from schema.graphql at the repository's root.
// Scalars arrive as the API gives them: ids and dates as strings, money as decimal strings.

export interface AccountRef {
  id: string
  name: string
}

export interface QueueEvent {
  id: string
  transactionDate: string
  merchantName: string
  memo: string
  /** in: money into the payment account; out: money out of it. */
  direction: string
  functionalAmount: string
  functionalCurrency: string
  originalAmount: string
  originalCurrency: string
  eventType: string
  hasDocument: boolean
  source: string
  reference: string | null
  category: AccountRef | null
  paymentAccount: AccountRef | null
  receipts: Array<{ id: string; filename: string }>
}

export interface CategoryAccount {
  id: string
  name: string
  accountType: string
  classification: string
  active: boolean
}

export interface CategoryRule {
  id: string
  vendorPattern: string
  account: AccountRef
  createdAt: string
}

export interface SameAmountEvent {
  id: string
  transactionDate: string
  merchantName: string
  status: string
  direction: string
}

export const signInMutation = gql<
  { tokenAuth: { token: string } | null },
  { email: string; password: string }
>`
  mutation SignIn($email: String!, $password: String!) {
    tokenAuth(email: $email, password: $password) {
      token
    }
  }
`

export const myOrganizationsQuery = gql<{ myOrganizations: Organization[] | null }, Record<string, never>>`
  query MyOrganizations {
    myOrganizations {
      id
      name
      functionalCurrency
    }
  }
`

export const reviewQueuePageQuery = gql<
  { listLedgerEvents: { totalCount: number; items: QueueEvent[] } | null },
  { organizationId: string; search: string | null; limit: number; offset: number }
>`
  query ReviewQueuePage($organizationId: UUID!, $search: String, $limit: Int!, $offset: Int!) {
    listLedgerEvents(
      organizationId: $organizationId
      status: ["needs_review"]
      search: $search
      limit: $limit
      offset: $offset
    ) {
      totalCount
      items {
        id
        transactionDate
        merchantName
        memo
        direction
        functionalAmount
        functionalCurrency
        originalAmount
        originalCurrency
        eventType
        hasDocument
        source
        reference
        category {
          id
          name
        }
        paymentAccount {
          id
          name
        }
        receipts {
          id
          filename
        }
      }
    }
  }
`

export const categoryAccountsQuery = gql<
  { listAccounts: { totalCount: number; items: CategoryAccount[] } | null },
  { organizationId: string; limit: number; offset: number }
>`
  query CategoryAccounts($organizationId: UUID!, $limit: Int!, $offset: Int!) {
    listAccounts(organizationId: $organizationId, limit: $limit, offset: $offset) {
      totalCount
      items {
        id
        name
        accountType
        classification
        active
      }
    }
  }
`

export const categoryRulesQuery = gql<
  { listCategoryRules: { totalCount: number; items: CategoryRule[] } | null },
  { organizationId: string; limit: number; offset: number }
>`
  query CategoryRules($organizationId: UUID!, $limit: Int!, $offset: Int!) {
    listCategoryRules(organizationId: $organizationId, limit: $limit, offset: $offset) {
      totalCount
      items {
        id
        vendorPattern
        account {
          id
          name
        }
        createdAt
      }
    }
  }
`

export const sameAmountEventsQuery = gql<
  { listLedgerEvents: { items: SameAmountEvent[] } | null },
  { organizationId: string; amount: string; dateFrom: string; dateTo: string; limit: number }
>`
  query SameAmountEvents(
    $organizationId: UUID!
    $amount: String!
    $dateFrom: String!
    $dateTo: String!
    $limit: Int!
  ) {
    listLedgerEvents(
      organizationId: $organizationId
      amountMin: $amount
      amountMax: $amount
      dateFrom: $dateFrom
      dateTo: $dateTo
      limit: $limit
    ) {
      items {
        id
        transactionDate
        merchantName
        status
        direction
      }
    }
  }
`
