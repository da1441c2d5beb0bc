// Generated from web/src/api/operations/clients.graphql and the SDL by scripts/codegen.ts; do not edit. Run npm run codegen.
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type PracticeOverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type PracticeOverviewQuery = { practiceOverview: Array<{ role: string, unreviewedCount: number, oldestUnreviewedDate: string | null, unreconciledAccounts: number, lockDate: string | null, yearEndLockDate: string | null, nextTaxReturnDue: string | null, organization: { id: string, name: string, functionalCurrency: string, lockDate: string | null } }> };


export const PracticeOverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PracticeOverview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"practiceOverview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"functionalCurrency"}},{"kind":"Field","name":{"kind":"Name","value":"lockDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"unreviewedCount"}},{"kind":"Field","name":{"kind":"Name","value":"oldestUnreviewedDate"}},{"kind":"Field","name":{"kind":"Name","value":"unreconciledAccounts"}},{"kind":"Field","name":{"kind":"Name","value":"lockDate"}},{"kind":"Field","name":{"kind":"Name","value":"yearEndLockDate"}},{"kind":"Field","name":{"kind":"Name","value":"nextTaxReturnDue"}}]}}]}}]} as unknown as DocumentNode<PracticeOverviewQuery, PracticeOverviewQueryVariables>;