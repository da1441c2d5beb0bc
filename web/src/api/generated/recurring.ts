// Generated from web/src/api/operations/recurring.graphql and the SDL by scripts/codegen.ts; do not edit. Run npm run codegen.
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type InvoiceInput = {
  /** invoice, bill, credit_note or vendor_credit. */
  kind: string;
  /** A customer for an invoice or credit note, a vendor for a bill or vendor credit. */
  contactId: string;
  /** Optional for invoices and credit notes (numbered in their series); a bill's is the vendor's and required. */
  number?: string | null | undefined;
  issueDate: string;
  /** On or after issueDate; the issue date when omitted (due on receipt). */
  dueDate?: string | null | undefined;
  /**
   * The functional currency when omitted. Another is posted at the rate of the issue date and paid at the rate of
   * each payment's date, the difference to the account "Exchange Gain or Loss".
   */
  currency?: string | null | undefined;
  memo?: string | null | undefined;
  /** 1 to 200 lines. */
  lines: Array<InvoiceLineInput>;
};

export type InvoiceLineInput = {
  description?: string | null | undefined;
  /** A decimal string, not negative, up to 4 decimals. */
  quantity: string;
  /** A decimal string, not negative, before tax. */
  unitPrice: string;
  /** An income account for a customer's document; an expense or asset account for a vendor's. */
  accountId: string;
  /** A sales tax code with a rate on the issue date. */
  taxCode?: string | null | undefined;
};

export type JournalLineInput = {
  accountId: string;
  /** Exactly one of debit and credit, a positive decimal string. */
  debit?: string | null | undefined;
  credit?: string | null | undefined;
  memo?: string | null | undefined;
  contactId?: string | null | undefined;
  /** 104, 107, 110, 111, 205 or 405: the GST/HST return line the line's amount counts on. */
  taxReturnLine?: string | null | undefined;
};

export type RecurringTemplateInput = {
  name: string;
  /** journal_entry, ledger_event or invoice. */
  kind: string;
  /** weekly, monthly, quarterly or yearly. */
  frequency: string;
  /** Every interval periods (1 to 100, default 1). */
  interval?: number | null | undefined;
  /** 1 to 31; a shorter month takes its last day. Monthly, quarterly and yearly only; default the start date's day. */
  dayOfMonth?: number | null | undefined;
  /** The first date is the first on the schedule on or after it. */
  startDate: string;
  /** No date after it is made. */
  endDate?: string | null | undefined;
  occurrencesMax?: number | null | undefined;
  /** post or draft (journal_entry templates: post only). */
  mode: string;
  journalEntry?: JournalEntryTemplateInput | null | undefined;
  ledgerEvent?: LedgerEventTemplateInput | null | undefined;
  /**
   * Each document is issued on its date and falls due as many days later as dueDate is after
   * issueDate here. A number given makes NUMBER-YYYY-MM-DD per date (bills need one); without it
   * invoices and credit notes take the next of their series.
   */
  invoice?: InvoiceInput | null | undefined;
};

/** A manual journal entry dated on each date. */
export type JournalEntryTemplateInput = {
  memo?: string | null | undefined;
  reference?: string | null | undefined;
  lines: Array<JournalLineInput>;
};

/** A ledger event dated on each date, as createLedgerEvent takes it. */
export type LedgerEventTemplateInput = {
  merchantName: string;
  amount: string;
  eventType?: string | null | undefined;
  direction?: string | null | undefined;
  categoryId?: string | null | undefined;
  paymentAccountId?: string | null | undefined;
  memo?: string | null | undefined;
  currency?: string | null | undefined;
};

export type RecurringTemplateFieldsFragment = { id: string, name: string, kind: string, frequency: string, interval: number, dayOfMonth: number | null, startDate: string, endDate: string | null, occurrencesMax: number | null, mode: string, nextDate: string | null, lastDate: string | null, occurrenceCount: number, paused: boolean, lastErrorCode: string | null, lastError: string | null };

export type RecurringTemplateChangeFragment = { success: boolean, error: string | null, errorCode: string | null, recurringTemplate: { id: string, name: string, nextDate: string | null, paused: boolean } | null };

export type RecurringTemplatesQueryVariables = Exact<{
  organizationId: string;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type RecurringTemplatesQuery = { listRecurringTemplates: { totalCount: number, items: Array<RecurringTemplateFieldsFragment> } | null };

export type CreateRecurringTemplateMutationVariables = Exact<{
  organizationId: string;
  input: RecurringTemplateInput;
}>;


export type CreateRecurringTemplateMutation = { createRecurringTemplate: RecurringTemplateChangeFragment | null };

export type PauseRecurringTemplateMutationVariables = Exact<{
  organizationId: string;
  templateId: string;
}>;


export type PauseRecurringTemplateMutation = { pauseRecurringTemplate: RecurringTemplateChangeFragment | null };

export type ResumeRecurringTemplateMutationVariables = Exact<{
  organizationId: string;
  templateId: string;
}>;


export type ResumeRecurringTemplateMutation = { resumeRecurringTemplate: RecurringTemplateChangeFragment | null };

export type DeleteRecurringTemplateMutationVariables = Exact<{
  organizationId: string;
  templateId: string;
}>;


export type DeleteRecurringTemplateMutation = { deleteRecurringTemplate: RecurringTemplateChangeFragment | null };

export const RecurringTemplateFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RecurringTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RecurringTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"frequency"}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"dayOfMonth"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"occurrencesMax"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"nextDate"}},{"kind":"Field","name":{"kind":"Name","value":"lastDate"}},{"kind":"Field","name":{"kind":"Name","value":"occurrenceCount"}},{"kind":"Field","name":{"kind":"Name","value":"paused"}},{"kind":"Field","name":{"kind":"Name","value":"lastErrorCode"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}}]}}]} as unknown as DocumentNode<RecurringTemplateFieldsFragment, unknown>;
export const RecurringTemplateChangeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RecurringTemplateChange"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RecurringTemplatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"recurringTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"nextDate"}},{"kind":"Field","name":{"kind":"Name","value":"paused"}}]}}]}}]} as unknown as DocumentNode<RecurringTemplateChangeFragment, unknown>;
export const RecurringTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RecurringTemplates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}},"defaultValue":{"kind":"IntValue","value":"200"}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listRecurringTemplates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"organizationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RecurringTemplateFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RecurringTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RecurringTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"frequency"}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"dayOfMonth"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"occurrencesMax"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"nextDate"}},{"kind":"Field","name":{"kind":"Name","value":"lastDate"}},{"kind":"Field","name":{"kind":"Name","value":"occurrenceCount"}},{"kind":"Field","name":{"kind":"Name","value":"paused"}},{"kind":"Field","name":{"kind":"Name","value":"lastErrorCode"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}}]}}]} as unknown as DocumentNode<RecurringTemplatesQuery, RecurringTemplatesQueryVariables>;
export const CreateRecurringTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateRecurringTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RecurringTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createRecurringTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"organizationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RecurringTemplateChange"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RecurringTemplateChange"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RecurringTemplatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"recurringTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"nextDate"}},{"kind":"Field","name":{"kind":"Name","value":"paused"}}]}}]}}]} as unknown as DocumentNode<CreateRecurringTemplateMutation, CreateRecurringTemplateMutationVariables>;
export const PauseRecurringTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PauseRecurringTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pauseRecurringTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"organizationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RecurringTemplateChange"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RecurringTemplateChange"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RecurringTemplatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"recurringTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"nextDate"}},{"kind":"Field","name":{"kind":"Name","value":"paused"}}]}}]}}]} as unknown as DocumentNode<PauseRecurringTemplateMutation, PauseRecurringTemplateMutationVariables>;
export const ResumeRecurringTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResumeRecurringTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeRecurringTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"organizationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RecurringTemplateChange"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RecurringTemplateChange"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RecurringTemplatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"recurringTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"nextDate"}},{"kind":"Field","name":{"kind":"Name","value":"paused"}}]}}]}}]} as unknown as DocumentNode<ResumeRecurringTemplateMutation, ResumeRecurringTemplateMutationVariables>;
export const DeleteRecurringTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteRecurringTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteRecurringTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"organizationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RecurringTemplateChange"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RecurringTemplateChange"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RecurringTemplatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"recurringTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"nextDate"}},{"kind":"Field","name":{"kind":"Name","value":"paused"}}]}}]}}]} as unknown as DocumentNode<DeleteRecurringTemplateMutation, DeleteRecurringTemplateMutationVariables>;