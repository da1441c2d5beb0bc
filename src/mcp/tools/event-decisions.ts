import { z } from 'zod'
import { eventDetailFields } from './review-queue.js'
import { type DaybookCalls, id, money, payloadFields, type ToolServer, writes } from './shared.js'

const documents = {
  classify: `mutation ($organizationId: UUID!, $eventId: UUID!, $categoryId: UUID, $paymentId: UUID, $taxAmount: String,
      $taxAccountId: UUID, $taxCode: String, $contactId: UUID, $splitAmount: String, $splitAccountId: UUID) {
    updateStagedEntry(organizationId: $organizationId, eventId: $eventId, categoryId: $categoryId, paymentId: $paymentId,
        taxAmount: $taxAmount, taxAccountId: $taxAccountId, taxCode: $taxCode, contactId: $contactId,
        splitAmount: $splitAmount, splitAccountId: $splitAccountId) {
      ${payloadFields} event { ${eventDetailFields} } } }`,
  confirm: `mutation ($organizationId: UUID!, $eventId: UUID!) {
    confirmLedgerEvent(organizationId: $organizationId, eventId: $eventId) { ${payloadFields} eventId journalEntryId } }`,
  confirmMany: `mutation ($organizationId: UUID!, $eventIds: [UUID!]!) {
    confirmLedgerEvents(organizationId: $organizationId, eventIds: $eventIds) {
      ${payloadFields} confirmedCount results { eventId success errorCode error journalEntryId } } }`,
  reject: `mutation ($organizationId: UUID!, $eventId: UUID!) {
    rejectLedgerEvent(organizationId: $organizationId, eventId: $eventId) { ${payloadFields} eventId reversalEntryId } }`,
} as const

/** What decides an event's fate: its classification, then confirming or rejecting it. */
export function registerEventDecisionTools(server: ToolServer, { mutation }: DaybookCalls): void {
  server.registerTool(
    'classify_event',
    {
      title: 'Classify an event',
      description:
        'Sets what the event will post to (updateStagedEntry): categoryId (an income or expense account from list_accounts), paymentAccountId (the bank or card account the money moved through), and optionally tax (taxCode from the sales tax codes alone computes the tax included in the amount; or taxAmount with taxAccountId), a contact, or a split of part of the amount to a second account. Only what you give changes. Answers the updated event.',
      inputSchema: {
        eventId: id('The event id'),
        categoryId: id('The category account').optional(),
        paymentAccountId: id('The payment account (bank, card)').optional(),
        taxCode: z.string().optional().describe('A sales tax code id, such as a GST or HST code.'),
        taxAmount: money('The tax included in the amount'),
        taxAccountId: id('The account the tax goes to').optional(),
        contactId: id('The vendor or customer').optional(),
        splitAmount: money(
          'A part of the amount posted to splitAccountId instead of the category; "0" removes it',
        ),
        splitAccountId: id('The account of the split').optional(),
      },
      annotations: writes({ destructiveHint: false, idempotentHint: true }),
    },
    ({ paymentAccountId, ...rest }) => mutation(documents.classify, { ...rest, paymentId: paymentAccountId }),
  )

  server.registerTool(
    'confirm_event',
    {
      title: 'Confirm an event',
      description:
        'Posts the event as a balanced journal entry (confirmLedgerEvent); the books then include it. Needs a category and a payment account (EVENT_NOT_CLASSIFIED otherwise), and an exchange rate for an event in another currency. To undo, reject_event reverses it.',
      inputSchema: { eventId: id('The event id') },
      annotations: writes({ destructiveHint: false, idempotentHint: true }),
    },
    ({ eventId }) => mutation(documents.confirm, { eventId }),
  )

  server.registerTool(
    'confirm_events',
    {
      title: 'Confirm many events',
      description:
        'Posts up to 500 events in one call (confirmLedgerEvents), each as confirm_event would post it: one refused (not classified, in a locked period, already confirmed) leaves the others confirmed. Answers confirmedCount and, per event in the order given, success with its journalEntryId or the errorCode and error.',
      inputSchema: {
        eventIds: z.array(id('An event id')).min(1).max(500).describe('The events to confirm, at most 500'),
      },
      annotations: writes({ destructiveHint: false, idempotentHint: true }),
    },
    ({ eventIds }) => mutation(documents.confirmMany, { eventIds }),
  )

  server.registerTool(
    'reject_event',
    {
      title: 'Reject an event',
      description:
        'Marks the event ignored (rejectLedgerEvent): it never reaches the books. A confirmed event is reversed by a new entry (reversalEntryId); nothing is deleted.',
      inputSchema: { eventId: id('The event id') },
      annotations: writes({ destructiveHint: true, idempotentHint: true }),
    },
    ({ eventId }) => mutation(documents.reject, { eventId }),
  )
}
