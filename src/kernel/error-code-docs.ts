import type { ErrorCode } from './error-codes.js'
import { limits } from './limits.js'

// What docs/error-codes.md says of each code that its fail() calls cannot tell the generator
// (scripts/error-codes-doc.ts): the section it belongs to, where a client meets it, and the message
// of a code raised some other way. A Record over ErrorCode, so a new code does not compile without it.

/** The doc's sections, in the order it shows them. */
export const errorCodeSections = [
  {
    id: 'access',
    heading: 'Access (GraphQL errors, checked in this order; the field is null, HTTP 200)',
    intro:
      'On the REST endpoints (POST /uploads, GET /files, GET /invoices/:id.pdf) a denial answers HTTP 401 ' +
      'for `UNAUTHENTICATED`, `INVALID_API_KEY` and `INVALID_TOKEN`, 404 for `ORGANIZATION_NOT_FOUND` and ' +
      "403 for the others, with the same message; GET /files answers another organization's file as " +
      "`FILE_NOT_FOUND`, GET /invoices/:id.pdf another organization's document as `INVOICE_NOT_FOUND`.",
    textHeading: 'message',
  },
  {
    id: 'requests',
    heading: 'Requests',
    intro:
      'The HTTP statuses are those of `Accept: application/json`. A client that asks for ' +
      '`application/graphql-response+json` gets 400 instead of 200 for an answer without `data` ' +
      '(a request refused before anything ran).',
    textHeading: 'meaning',
  },
  {
    id: 'business',
    heading: 'Business rules (`errorCode` in payloads; on queries, `extensions.code`)',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a placeholder as the doc's messages write it
    intro: 'Messages with `${...}` name the offending value.',
    textHeading: 'message',
  },
  { id: 'receipts', heading: 'Receipts, uploads and intake', intro: '', textHeading: 'message' },
  { id: 'webhooks', heading: 'Webhooks', intro: '', textHeading: 'message' },
  { id: 'lists', heading: 'Lists and retries', intro: '', textHeading: 'message' },
] as const

export type ErrorCodeSectionId = (typeof errorCodeSections)[number]['id']

export interface ErrorCodeDoc {
  readonly section: ErrorCodeSectionId
  /** The operations, routes and HTTP statuses where a client meets the code, when its area would not say. */
  readonly where?: string
  /** The area of a code raised other than through fail(), named as the generator names areas. */
  readonly area?: string
  /**
   * Markdown: what the code means where its messages alone do not say it, and the message of a code
   * raised other than through fail(), which the generator cannot find. Exact messages go in code font.
   */
  readonly description?: string
}

const access = (description: string): ErrorCodeDoc => ({ section: 'access', description })
const request = (description: string): ErrorCodeDoc => ({ section: 'requests', description })
const business: ErrorCodeDoc = { section: 'business' }

export const errorCodeDocs: Readonly<Record<ErrorCode, ErrorCodeDoc>> = {
  UNAUTHENTICATED: access('`Authentication Required.`'),
  INVALID_API_KEY: access('`Invalid API Key.`'),
  INVALID_TOKEN: access('`Invalid Or Expired Token.`'),
  ORGANIZATION_NOT_FOUND: access('`Organization Not Found.`'),
  API_KEY_NOT_AUTHORIZED: access('`API Key Not Authorized For This Organization.`'),
  NOT_A_MEMBER: access('`Not A Member Of This Organization.`'),
  API_KEY_ADMIN_FORBIDDEN: access('`API Keys Cannot Perform Admin Operations.`'),
  OWNER_OR_ADMIN_REQUIRED: access('`Must Be Owner Or Admin.`'),
  READ_ONLY: access('`Viewers Cannot Make Changes.` (a viewer called a write)'),
  INSUFFICIENT_SCOPE: access(
    "`API Key Lacks The Scope For This Operation.` (the key's scopes do not cover the operation)",
  ),
  INVALID_CREDENTIALS: access('`Invalid Credentials.`'),
  TOO_MANY_ATTEMPTS: access('`Too Many Failed Sign-In Attempts. Try Again Later.`'),
  SIGN_IN_RATE_LIMITED: access(
    '`Too Many Sign-In Attempts. Try Again Later.` (tokenAuth only: the client address or the whole ' +
      'server is over its sign-in quota for the minute, or every password thread is busy)',
  ),

  RATE_LIMITED: request(
    "The API key's hourly quota is spent: HTTP 429 with `Retry-After`, the spec's message unchanged. " +
      'POST /intake/email and /intake/sms answer it too (429 with `Retry-After`; SMTP answers 450) for a ' +
      "message past an intake address's or organization's hourly quota of documents (ADR 0049).",
  ),
  MALFORMED_REQUEST: request(
    'The body is not JSON, or has no string query, or is an array batch (HTTP 400; 415 for a body that ' +
      'is not JSON under `Accept: application/graphql-response+json`). POST /uploads and POST /intake/sms ' +
      'answer it too, for a multipart body they cannot use (HTTP 400; 413 for a POST /intake/sms part over ' +
      'the size limit).',
  ),
  GRAPHQL_PARSE_FAILED: request('GraphQL syntax error (HTTP 400).'),
  GRAPHQL_VALIDATION_FAILED: request(
    'The document does not validate against the schema: a field or argument it does not have, a variable ' +
      'never used or used where its type does not fit (HTTP 200). A value that does not fit is `BAD_USER_INPUT`.',
  ),
  BAD_REQUEST: request(
    'The request envelope is wrong in a way that is not a syntax error (variables not an object, ' +
      'operationName not a string or naming no operation).',
  ),
  BAD_USER_INPUT: request(
    'A value does not fit its type, in a variable or written in the query text, for every scalar alike: ' +
      'an invalid UUID, a number where a string is due, a fraction or a string where an Int is, a required ' +
      'variable or input field missing or null, an input field the type does not have (HTTP 200). The code ' +
      'and message are the same however often the request is sent. (A string that is not a date is ' +
      '`INVALID_DATE`, below.)',
  ),
  INVALID_CHARACTER: request('Strings must be well-formed Unicode without NUL characters.'),
  QUERY_TOO_COMPLEX: request('Depth, alias, directive or cost limit exceeded.'),
  INPUT_TOO_DEEP: request(
    `The query text nests brackets, or the variables nest lists or objects, more than ${limits.inputNestingMax} ` +
      'levels deep (HTTP 200; refused before parsing).',
  ),
  TOO_MANY_MUTATIONS: request(
    `More than ${limits.rootMutationFieldsMax} root mutation fields in one request.`,
  ),
  PAYLOAD_TOO_LARGE: request('Request body is too large. (HTTP 413)'),
  NOT_FOUND: request('No such HTTP route (HTTP 404).'),
  METHOD_NOT_ALLOWED: request('A mutation sent over GET (HTTP 405).'),
  NOT_ACCEPTABLE: request(
    '`Accept` names neither `application/graphql-response+json` nor `application/json` (nor a range ' +
      'holding them) on `/graphql` (HTTP 406).',
  ),
  INTERNAL_SERVER_ERROR: request('Internal server error. (a bug; logged with the request id)'),

  ACCOUNT_NAME_TAKEN: business,
  ACCOUNT_NOT_FOUND: business,
  ACCOUNT_TYPE_MISMATCH: business,
  ACCOUNT_TYPE_REQUIRED: business,
  ALREADY_MEMBER: business,
  API_KEY_ALREADY_REVOKED: business,
  API_KEY_NOT_FOUND: business,
  BATCH_TOO_LARGE: business,
  CATEGORY_IS_PAYMENT_ACCOUNT: business,
  CATEGORY_NOT_ALLOWED: business,
  CATEGORY_NOT_FOUND: business,
  CONTACT_NAME_TAKEN: business,
  CONTACT_NOT_FOUND: business,
  EMAIL_TAKEN: business,
  EVENT_ALREADY_CONFIRMED: business,
  EVENT_ALREADY_IGNORED: business,
  EVENT_CHANGED: business,
  EVENT_IGNORED: business,
  EVENT_NOT_CLASSIFIED: business,
  EVENT_NOT_CONFIRMED: {
    section: 'business',
    area: 'ledger-events',
    // Reported per event in markLedgerEventsSynced's `errors`, built as a Failure rather than by fail().
    description:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a placeholder as the doc's messages write it
      "In markLedgerEventsSynced's `errors`: `Only confirmed events can be marked synced; this one is ${event.status}.`",
  },
  EVENT_NOT_EDITABLE: business,
  EVENT_NOT_FOUND: business,
  INVALID_ACCOUNT_TYPE: business,
  INVALID_AMOUNT: business,
  INVALID_CLASSIFICATION: business,
  INVALID_CONTACT_TYPE: business,
  INVALID_CSV: business,
  INVALID_CSV_ROW: business,
  INVALID_CURRENCY: business,
  INVALID_DATE: {
    section: 'business',
    description:
      'Every date argument, String or Date, as a variable or inline: in the payload of a mutation, at ' +
      "the field's path of a query with `extensions.field` naming the argument.",
  },
  INVALID_DATE_RANGE: business,
  INVALID_EMAIL: business,
  INVALID_BUSINESS_NUMBER: business,
  INVALID_FISCAL_YEAR_END: business,
  INVALID_PROVINCE: business,
  INVALID_JURISDICTION: business,
  INVALID_TAX_RETURN_LINE: business,
  TAX_RETURN_ALREADY_FILED: business,
  TAX_PERIOD_OVERLAPS: business,
  YEAR_CLOSED: business,
  INVALID_TAX_METHOD: business,
  INVALID_EVENT_TYPE: business,
  INVALID_DIRECTION: business,
  INVALID_EXCHANGE_RATE: business,
  EXCHANGE_RATE_MISSING: business,
  FUNCTIONAL_CURRENCY_IN_USE: business,
  INVALID_LINES: business,
  LINES_DO_NOT_ADD_UP: business,
  ENTRY_NOT_BALANCED: business,
  ENTRY_ALREADY_REVERSED: business,
  ENTRY_BELONGS_TO_EVENT: business,
  ENTRY_NOT_REVERSIBLE: business,
  JOURNAL_ENTRY_NOT_FOUND: business,
  ACCOUNT_INACTIVE: business,
  NOT_A_FISCAL_YEAR_END: business,
  FISCAL_YEAR_NOT_ENDED: business,
  FISCAL_YEAR_NOT_LAST_CLOSED: business,
  GIFI_CODE_MISSING: business,
  INVALID_GIFI_SCHEDULE: business,
  INVALID_SPLIT: {
    section: 'business',
    // The split's own checks pass their messages through a local helper the generator cannot follow.
    description:
      'The split does not fit the event, and the message says how: no account has this splitAccountId; ' +
      'the split account is the category or the payment account, or is not an income or expense account ' +
      'on an income or expense event; splitAmount and splitAccountId are not given together; or ' +
      'splitAmount is not greater than zero, or (with any tax) not less than the amount.',
  },
  INVALID_LAST_FOUR: business,
  INVALID_LIMIT: business,
  INVALID_MEMO: business,
  INVALID_NAME: business,
  INVALID_OFFSET: business,
  INVALID_PATTERN: business,
  INVALID_PHONE: business,
  INVALID_ROLE: business,
  INVALID_SCOPE: business,
  INVALID_ROW: business,
  INVALID_BANK_FILE: {
    section: 'business',
    description:
      'A statement file that cannot be read: not text, an unknown encoding, or a format error, named by ' +
      'line or element.',
  },
  INVALID_CSV_PROFILE: {
    section: 'business',
    description:
      "A CSV import profile's field is out of its rules, named in `field` (`profile.dateFormat`), or a " +
      'dateFormat argument is not one of the five formats.',
  },
  CSV_PROFILE_NOT_FOUND: business,
  CSV_PROFILE_NAME_TAKEN: business,
  CSV_PROFILE_REQUIRED: business,
  TOO_MANY_CSV_PROFILES: business,
  INVALID_SEARCH: business,
  INVALID_SINCE_DAYS: business,
  INVALID_SORT: business,
  INVALID_STATUS: business,
  INVALID_SUB_TYPE: business,
  INVALID_TAX_AMOUNT: business,
  INVALID_TAX_CODE: business,
  LAST_OWNER: business,
  MEMBER_NOT_FOUND: business,
  NET_MISMATCH: business,
  ORGANIZATION_NAME_TAKEN: business,
  OWNER_REQUIRED: business,
  PARENT_CLASSIFICATION_MISMATCH: {
    section: 'business',
    area: 'accounts',
    description:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a placeholder as the doc's messages write it
      '`The parent account is ${parent.classification}; a ${account.classification} account cannot sit under it.`',
  },
  PARENT_NOT_FOUND: {
    section: 'business',
    area: 'accounts',
    description: '`No parent account with this id.`',
  },
  PAYMENT_ACCOUNT_NOT_ALLOWED: business,
  PAYMENT_ACCOUNT_NOT_FOUND: business,
  PERIOD_LOCKED: business,
  RECONCILED: business,
  RECONCILIATION_NOT_FOUND: business,
  RECONCILIATION_OPEN: business,
  RECONCILIATION_NOT_OPEN: business,
  RECONCILIATION_NOT_BALANCED: business,
  RECONCILIATION_NOT_LAST: business,
  EVENT_NOT_RECONCILABLE: business,
  INVALID_REASON: business,
  NO_CLOSING_BALANCE: business,
  PROCESSOR_ACCOUNT_CONFLICT: business,
  RULE_NOT_FOUND: business,
  RULE_PATTERN_TAKEN: business,
  // Category rules with conditions and actions (DESIGN 8.9).
  INVALID_RULE_CONDITION: business,
  RULE_WITHOUT_CONDITION: business,
  RULE_WITHOUT_ACTION: business,
  INVALID_RULE_LINES: business,
  SALES_TAX_CODE_NOT_FOUND: business,
  TAX_ACCOUNT_NOT_ALLOWED: business,
  TAX_ACCOUNT_NOT_FOUND: business,
  TAX_ACCOUNT_REQUIRED: business,
  TAX_CODE_NOT_FOUND: business,
  TAX_CODE_NO_RATE: business,
  TAX_CODE_TOTAL_LINE: business,
  TOO_MANY_ROWS: business,
  UNKNOWN_CSV_LAYOUT: business,
  UNMAPPED_ROW_TYPE: business,
  USER_NOT_FOUND: business,
  WEAK_PASSWORD: business,

  EMPTY_FILE: { section: 'receipts', where: 'POST /uploads (400)' },
  FILE_TOO_LARGE: {
    section: 'receipts',
    where: 'POST /uploads (413)',
    description: `Files may be at most ${limits.uploadBytesMax / (1024 * 1024)} MiB.`,
  },
  UNSUPPORTED_FILE_TYPE: {
    section: 'receipts',
    where: 'POST /uploads (415), attachReceiptToEvent',
    description:
      'Only JPEG, PNG, WebP, HEIC and PDF receipts, and OFX, QFX, camt.053, MT940, QIF and CSV statement ' +
      'files are accepted (judged by their bytes); a statement file is not a receipt.',
  },
  FILE_NOT_FOUND: {
    section: 'receipts',
    where:
      'attachReceiptToEvent, importBankStatementFile, startReconciliationFromStatementFile, GET /files (404)',
    description:
      'No uploaded file has this s3Key in the organization. GET /files answers `No such file.`, for a ' +
      "missing file and for another organization's alike.",
  },
  RECEIPT_ALREADY_ATTACHED: { section: 'receipts', where: 'attachReceiptToEvent' },
  RECEIPT_REJECTED: { section: 'receipts', where: 'attachReceiptToEvent, updateReceipt, rejectReceipt' },
  RECEIPT_NOT_FOUND: { section: 'receipts', where: 'updateReceipt, rejectReceipt, createBillFromReceipt' },
  RECEIPT_NOT_READ: { section: 'receipts', where: 'createBillFromReceipt' },
  RECEIPT_ALREADY_BILLED: { section: 'receipts', where: 'createBillFromReceipt' },
  INVALID_SOURCE: { section: 'receipts', where: 'listReceipts' },
  INVALID_ADDRESS: { section: 'receipts', where: 'createIntakeAddress' },
  INVALID_ADDRESS_TYPE: { section: 'receipts', where: 'createIntakeAddress' },
  INVALID_LABEL: { section: 'receipts', where: 'createIntakeAddress' },
  ADDRESS_UNAVAILABLE: {
    section: 'receipts',
    where: 'createIntakeAddress',
    description: 'The address is held by an organization, never said which.',
  },
  INTAKE_ADDRESS_NOT_FOUND: {
    section: 'receipts',
    where: 'deleteIntakeAddress; intake webhooks (404)',
    description:
      'No such intake address; the intake webhooks answer `No active intake address matches the recipient.` ' +
      'for a message to no active address.',
  },
  INTAKE_SECRET_INVALID: {
    section: 'receipts',
    where: 'intake webhooks (401)',
    area: 'http',
    description: '`A valid X-Intake-Secret header is required.`',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    section: 'receipts',
    where: 'POST /intake/email (415)',
    area: 'http',
    description: '`Send the raw message as Content-Type: message/rfc822.`',
  },
  MALFORMED_MESSAGE: { section: 'receipts', where: 'POST /intake/email (400); SMTP answers 554' },
  TOO_MANY_PARTS: {
    section: 'receipts',
    where: 'POST /intake/email (413); SMTP answers 552',
    description: `A message may have at most ${limits.intakeMessagePartsMax} MIME parts, itself and nested parts included.`,
  },
  UNREADABLE_DOCUMENT: {
    section: 'receipts',
    where: 'receipt `extractionErrorCode`, with its message in `extractionError`',
    description: 'The document could not be read (damaged, or an image OCR could not open).',
  },
  DOCUMENT_OVER_LIMIT: {
    section: 'receipts',
    where: 'receipt `extractionErrorCode`, with its message in `extractionError`',
    description:
      'Reading the document needed more memory, time, decoded bytes, pages or pixels than one document may ' +
      'use (the message names which).',
  },
  UNSUPPORTED_TYPE: {
    section: 'receipts',
    where: 'receipt `extractionErrorCode`, with its message in `extractionError`',
    description: 'Nothing can read this kind of document offline (HEIC).',
  },
  NO_TEXT_FOUND: {
    section: 'receipts',
    where: 'receipt `extractionErrorCode`, with its message in `extractionError`',
  },

  WEBHOOK_ENDPOINT_NOT_FOUND: {
    section: 'webhooks',
    where:
      'updateWebhookEndpoint, deleteWebhookEndpoint, rotateWebhookSecret, listWebhookDeliveries, redeliverWebhookEvent',
  },
  WEBHOOK_ENDPOINTS_TOO_MANY: { section: 'webhooks', where: 'createWebhookEndpoint' },
  WEBHOOK_URL_INVALID: { section: 'webhooks', where: 'createWebhookEndpoint, updateWebhookEndpoint' },
  WEBHOOK_URL_NOT_HTTPS: { section: 'webhooks', where: 'createWebhookEndpoint, updateWebhookEndpoint' },
  WEBHOOK_URL_PRIVATE: { section: 'webhooks', where: 'createWebhookEndpoint, updateWebhookEndpoint' },
  WEBHOOK_EVENT_TYPE_UNKNOWN: { section: 'webhooks', where: 'createWebhookEndpoint, updateWebhookEndpoint' },
  WEBHOOK_EVENT_NOT_FOUND: { section: 'webhooks', where: 'redeliverWebhookEvent' },
  WEBHOOK_DESCRIPTION_TOO_LONG: { section: 'webhooks', where: 'createWebhookEndpoint' },

  INVOICE_NOT_FOUND: business,
  INVALID_INVOICE_KIND: business,
  INVALID_INVOICE_NUMBER: business,
  DUPLICATE_INVOICE_NUMBER: business,
  CONTACT_TYPE_MISMATCH: business,
  INVALID_QUANTITY: {
    section: 'business',
    description:
      "A document line's quantity is negative, not a decimal string such as `2.5`, has more than 4 decimals, or is too large.",
  },
  INVALID_DUE_DATE: business,
  FOREIGN_CURRENCY_NOT_SUPPORTED: business,
  INVOICE_NOT_DRAFT: business,
  INVOICE_NOT_OPEN: business,
  INVOICE_HAS_PAYMENTS: business,
  PAYMENT_EXCEEDS_AMOUNT_DUE: business,
  PAYMENT_BEFORE_ISSUE_DATE: business,
  NOT_A_CREDIT_NOTE: business,
  CREDIT_NOTE_CONTACT_MISMATCH: business,
  CREDIT_EXCEEDS_REMAINING: business,
  CURRENCY_MISMATCH: {
    section: 'business',
    description:
      'A bank line is in another currency than the document it is applied to, or a credit note than the invoice it is set against.',
  },
  INVOICE_DIRECTION_MISMATCH: {
    section: 'business',
    description:
      'Money in pays an invoice or refunds a vendor credit; money out pays a bill or refunds a credit note. The bank line goes the other way.',
  },
  PAYMENT_EXCEEDS_EVENT_AMOUNT: {
    section: 'business',
    description: 'What a bank line is applied to documents, all together, is more than its own amount.',
  },
  ACCOUNT_REQUIRED: {
    section: 'business',
    description:
      "createBillFromReceipt found no account for the bill's line: no rule matches the vendor and it has no earlier bill. Give accountId.",
  },
  RECURRING_TEMPLATE_NOT_FOUND: business,
  INVALID_RECURRING_KIND: business,
  INVALID_FREQUENCY: business,
  INVALID_INTERVAL: business,
  INVALID_DAY_OF_MONTH: business,
  INVALID_OCCURRENCES_MAX: business,
  INVALID_RECURRING_MODE: business,
  RECURRING_PAYLOAD_REQUIRED: business,
  RECURRING_PAYLOAD_MISMATCH: business,
  RECURRING_MODE_NOT_SUPPORTED: business,
  TOO_MANY_RECURRING_TEMPLATES: business,
  INVALID_FILTER: {
    section: 'lists',
    where: 'listLedgerEvents, events',
    description: `accountIds or categoryIds name more than ${limits.filterIdsMax} accounts, or types names a type the feed does not have.`,
  },
  INVALID_IDEMPOTENCY_KEY: {
    section: 'lists',
    where: 'any mutation',
    area: 'http',
    description:
      `\`Idempotency-Key must be 1 to ${limits.idempotencyKeyLengthMax} visible ASCII characters.\` ` +
      '(HTTP 200; 400 under `Accept: application/graphql-response+json`)',
  },
  IDEMPOTENCY_KEY_REUSED: {
    section: 'lists',
    where: 'any mutation',
    area: 'http',
    description:
      '`This Idempotency-Key was already used with a different request.` (HTTP 200; 422 under ' +
      '`Accept: application/graphql-response+json`)',
  },
}
