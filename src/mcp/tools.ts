import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { addDays } from '../kernel/calendar-date.js'
import { limits } from '../kernel/limits.js'
import { ok } from '../kernel/result.js'
import type { DaybookAnswer, DaybookHttp, UploadedFile } from './daybook-http.js'
import { type CategoryRuleView, type ExplainedEvent, explainSuggestion } from './explain-suggestion.js'
import type { LocalFileKind, ReadLocalFile } from './local-file.js'
import { answer, refusal } from './tool-answer.js'

// The tools an agent sees. Each is one or two API operations with the organization filled in; the
// answer is the operation's `data`, so what an agent learns here is the API itself.

export interface ToolContext {
  daybook: DaybookHttp
  /** The API key's own organization, asked once (myOrganizations) and then kept. */
  organizationId(): Promise<DaybookAnswer<string>>
  readLocalFile: ReadLocalFile
}

const eventSummaryFields = `id merchantName eventType direction functionalAmount functionalCurrency
  originalAmount originalCurrency exchangeRate transactionDate status memo hasDocument source reference
  category { id name } paymentAccount { id name } taxAmount taxCode contact { id displayName }`

const eventDetailFields = `${eventSummaryFields} account { id name accountType } splitAmount splitAccount { id name }
  taxAccount { id name } journalEntry { id txnDate totalAmount currency }
  reversalEntry { id txnDate totalAmount currency } reconciliationId createdAt updatedAt
  receipts { id filename s3Key uploadedAt }`

const payloadFields = 'success error errorCode'

const bankFileFields = `${payloadFields} format encoding currency importedCount skippedCount
  rows { rowIndex position transactionDate description amount eventType direction memo reference
    isDuplicate isPossibleDuplicate duplicateReason matchingEventId }
  balanceCheck { openingBalance closingBalance closingDate entriesTotal difference balanced }
  statementAccountId accountMismatch
  suggestedCsvProfile { name delimiter encoding hasHeader skipLines dateColumn dateFormat amountColumn
    inflowColumn outflowColumn descriptionColumn payeeColumn memoColumn referenceColumn decimalMark flipSign }`

const documents = {
  listReviewQueue: `query ($organizationId: UUID!, $status: [String!], $search: String, $limit: Int, $offset: Int) {
    listLedgerEvents(organizationId: $organizationId, status: $status, search: $search, limit: $limit, offset: $offset) {
      items { ${eventSummaryFields} } totalCount pageSize offset } }`,
  getEvent: `query ($organizationId: UUID!, $eventId: UUID!) {
    getLedgerEvent(organizationId: $organizationId, eventId: $eventId) { ${eventDetailFields} } }`,
  categoryRules: `query ($organizationId: UUID!, $limit: Int, $offset: Int) {
    listCategoryRules(organizationId: $organizationId, limit: $limit, offset: $offset, sortBy: "createdAt") {
      items { id vendorPattern account { id name } matchCount createdAt } totalCount } }`,
  similarEvents: `query ($organizationId: UUID!, $amount: String, $dateFrom: String, $dateTo: String, $limit: Int) {
    listLedgerEvents(organizationId: $organizationId, amountMin: $amount, amountMax: $amount, dateFrom: $dateFrom, dateTo: $dateTo, limit: $limit) {
      items { id merchantName direction functionalAmount transactionDate status source reference } } }`,
  classify: `mutation ($organizationId: UUID!, $eventId: UUID!, $categoryId: UUID, $paymentId: UUID, $taxAmount: String,
      $taxAccountId: UUID, $taxCode: String, $contactId: UUID, $splitAmount: String, $splitAccountId: UUID) {
    updateStagedEntry(organizationId: $organizationId, eventId: $eventId, categoryId: $categoryId, paymentId: $paymentId,
        taxAmount: $taxAmount, taxAccountId: $taxAccountId, taxCode: $taxCode, contactId: $contactId,
        splitAmount: $splitAmount, splitAccountId: $splitAccountId) {
      ${payloadFields} event { ${eventDetailFields} } } }`,
  confirm: `mutation ($organizationId: UUID!, $eventId: UUID!) {
    confirmLedgerEvent(organizationId: $organizationId, eventId: $eventId) { ${payloadFields} eventId journalEntryId } }`,
  reject: `mutation ($organizationId: UUID!, $eventId: UUID!) {
    rejectLedgerEvent(organizationId: $organizationId, eventId: $eventId) { ${payloadFields} eventId reversalEntryId } }`,
  importBankFile: `mutation ($organizationId: UUID!, $paymentAccountId: UUID!, $s3Key: String!, $format: BankFileFormat,
      $csvProfileId: UUID, $dateFormat: String, $dryRun: Boolean) {
    importBankStatementFile(organizationId: $organizationId, paymentAccountId: $paymentAccountId, s3Key: $s3Key,
        format: $format, csvProfileId: $csvProfileId, dateFormat: $dateFormat, dryRun: $dryRun) { ${bankFileFields} } }`,
  listReceipts: `query ($organizationId: UUID!, $search: String, $status: String, $extractionFailed: Boolean, $limit: Int, $offset: Int) {
    listReceipts(organizationId: $organizationId, search: $search, status: $status, extractionFailed: $extractionFailed, limit: $limit, offset: $offset) {
      items { id vendorName amount receiptDate status source imageUrl event { id merchantName status } filename s3Key
        uploadedAt extractionError } totalCount pageSize offset } }`,
  attachReceipt: `mutation ($organizationId: UUID!, $eventId: UUID!, $s3Key: String!, $filename: String) {
    attachReceiptToEvent(organizationId: $organizationId, eventId: $eventId, s3Key: $s3Key, filename: $filename) {
      ${payloadFields} receiptId } }`,
  incomeStatement: `query ($organizationId: UUID!, $startDate: Date, $endDate: Date) {
    incomeStatement(organizationId: $organizationId, startDate: $startDate, endDate: $endDate) {
      currency startDate endDate incomeAccounts { accountId accountName total } expenseAccounts { accountId accountName total }
      totalIncome totalExpenses netIncome } }`,
  balanceSheet: `query ($organizationId: UUID!, $asOf: Date) {
    balanceSheet(organizationId: $organizationId, asOf: $asOf) {
      currency asOf assets { accountId accountName accountType amount } liabilities { accountId accountName accountType amount }
      equity { accountId accountName accountType amount } totalAssets totalLiabilities totalEquity currentEarnings
      totalLiabilitiesAndEquity } }`,
  dashboardSummary: `query ($organizationId: UUID!, $startDate: Date, $endDate: Date) {
    dashboardSummary(organizationId: $organizationId, startDate: $startDate, endDate: $endDate) {
      currency startDate endDate totalRevenue totalExpenses netIncome receiptCount unreviewedCount } }`,
  events: `query ($organizationId: UUID!, $after: Int, $types: [String!], $limit: Int) {
    events(organizationId: $organizationId, after: $after, types: $types, limit: $limit) {
      items { id seq type occurredAt actorType actorId entityId data } lastSeq } }`,
  listAccounts: `query ($organizationId: UUID!, $search: String, $limit: Int, $offset: Int) {
    listAccounts(organizationId: $organizationId, search: $search, limit: $limit, offset: $offset) {
      items { id name accountType classification subType active lastFour parentId } totalCount pageSize offset } }`,
} as const

const id = (what: string) => z.string().describe(`${what}; a UUID.`)
const limit = z
  .number()
  .int()
  .optional()
  .describe(`Page size, ${limits.pageSizeDefault} by default, at most ${limits.pageSizeMax}.`)
const offset = z
  .number()
  .int()
  .optional()
  .describe('Items to skip, 0 by default; more pages exist while offset + items < totalCount.')
const date = (what: string) => z.string().optional().describe(`${what}, YYYY-MM-DD`)
const money = (what: string) => z.string().optional().describe(`${what}, a decimal string such as "12.50"`)
const eventStatuses = ['needs_review', 'pending', 'confirmed', 'synced', 'reconciled', 'ignored'] as const

const reads: ToolAnnotations = { readOnlyHint: true, openWorldHint: false }
const writes = (hints: Omit<ToolAnnotations, 'readOnlyHint' | 'openWorldHint'>): ToolAnnotations => ({
  readOnlyHint: false,
  openWorldHint: false,
  ...hints,
})

type Data = Record<string, unknown>

/** The fields of getLedgerEvent that explain_suggestion reads beside those it explains. */
type EventFacts = Data & { id: string; direction: string; functionalAmount: string; transactionDate: string }

export function registerDaybookTools(server: McpServer, context: ToolContext): void {
  /** One operation of the organization's; the answer is its `data`. */
  async function ask<T extends Data = Data>(
    query: string,
    variables: Record<string, unknown>,
    options: { mutation: boolean },
  ): Promise<DaybookAnswer<T>> {
    const organizationId = await context.organizationId()
    if (!organizationId.ok) return organizationId
    return context.daybook.graphql<T>(query, { organizationId: organizationId.value, ...variables }, options)
  }

  const query = async (text: string, variables: Record<string, unknown> = {}): Promise<CallToolResult> => {
    const data = await ask(text, variables, { mutation: false })
    return data.ok ? answer(data.value) : refusal(data.error)
  }
  const mutation = async (text: string, variables: Record<string, unknown>): Promise<CallToolResult> => {
    const data = await ask(text, variables, { mutation: true })
    return data.ok ? answer(data.value) : refusal(data.error)
  }

  /** A local file sent to POST /uploads, or a key already stored there. */
  async function stored(
    source: {
      filePath?: string | undefined
      s3Key?: string | undefined
    },
    kind: LocalFileKind,
  ): Promise<DaybookAnswer<{ s3Key: string; upload?: UploadedFile }>> {
    if ((source.filePath === undefined) === (source.s3Key === undefined)) {
      return {
        ok: false,
        error: { errorCode: 'BAD_USER_INPUT', error: 'Give either filePath or s3Key, not both.' },
      }
    }
    if (source.s3Key !== undefined) return ok({ s3Key: source.s3Key })
    const file = await context.readLocalFile(source.filePath ?? '', kind)
    if (!file.ok) return file
    // Asked first so that a key the server refuses costs no upload.
    const organizationId = await context.organizationId()
    if (!organizationId.ok) return organizationId
    const upload = await context.daybook.upload(file.value.bytes, file.value.filename)
    if (!upload.ok) return upload
    return ok({ s3Key: upload.value.s3Key, upload: upload.value })
  }

  server.registerTool(
    'list_review_queue',
    {
      title: 'List the review queue',
      description:
        'Ledger events waiting for review (status needs_review), newest transaction first: each with its merchant, amount (decimal strings, in the functional currency and as the bank gave it), direction (in/out), suggested category and payment account. An event needs a category and a payment account before confirm_event posts it. Give status to list other events instead (confirmed, ignored, ...).',
      inputSchema: {
        search: z.string().optional().describe('Case-insensitive text to find in the merchant name or memo.'),
        status: z
          .array(z.enum(eventStatuses))
          .optional()
          .describe('Statuses to list; ["needs_review"] by default.'),
        limit,
        offset,
      },
      annotations: reads,
    },
    (args) => query(documents.listReviewQueue, { ...args, status: args.status ?? ['needs_review'] }),
  )

  server.registerTool(
    'get_event',
    {
      title: 'Get one ledger event',
      description:
        'Everything about one ledger event: amounts, category (account), payment account, tax, split, contact, the journal entry that posted it and the one that reversed it, its source (api, bank_import, processor_import) and bank reference, and the receipts attached to it.',
      inputSchema: { eventId: id('The event id') },
      annotations: reads,
    },
    async ({ eventId }) => {
      const data = await ask<{ getLedgerEvent: unknown }>(
        documents.getEvent,
        { eventId },
        { mutation: false },
      )
      if (!data.ok) return refusal(data.error)
      if (data.value.getLedgerEvent === null)
        return refusal({ errorCode: 'EVENT_NOT_FOUND', error: 'No ledger event with this id.' })
      return answer(data.value)
    },
  )

  server.registerTool(
    'explain_suggestion',
    {
      title: 'Explain why an event has its category',
      description: `Why the event carries the category it does: the category rule that matches its merchant name (the one Daybook applies: most literal characters, then the oldest) and the rules it beat, or that none matches and the category was given by whoever created or classified the event. Also what confirm_event still needs (category, paymentAccount, exchangeRate) and the organization's other events of the same amount within ${limits.mcpSimilarEventDays} days, which may be the same transaction twice.`,
      inputSchema: { eventId: id('The event id') },
      annotations: reads,
    },
    async ({ eventId }) => {
      const found = await ask<{ getLedgerEvent: (ExplainedEvent & EventFacts) | null }>(
        documents.getEvent,
        { eventId },
        { mutation: false },
      )
      if (!found.ok) return refusal(found.error)
      const event = found.value.getLedgerEvent
      if (event === null)
        return refusal({ errorCode: 'EVENT_NOT_FOUND', error: 'No ledger event with this id.' })

      const rules: CategoryRuleView[] = []
      let rulesTotal = 0
      for (let page = 0; page < limits.mcpCategoryRulePagesMax; page++) {
        const read = await ask<{ listCategoryRules: { items: CategoryRuleView[]; totalCount: number } }>(
          documents.categoryRules,
          { limit: limits.pageSizeMax, offset: rules.length },
          { mutation: false },
        )
        if (!read.ok) return refusal(read.error)
        rules.push(...read.value.listCategoryRules.items)
        rulesTotal = read.value.listCategoryRules.totalCount
        if (read.value.listCategoryRules.items.length === 0 || rules.length >= rulesTotal) break
      }

      const { transactionDate } = event
      const similar = await ask<{ listLedgerEvents: { items: Array<{ id: string; direction: string }> } }>(
        documents.similarEvents,
        {
          amount: event.functionalAmount,
          dateFrom: addDays(transactionDate, -limits.mcpSimilarEventDays),
          dateTo: addDays(transactionDate, limits.mcpSimilarEventDays),
          limit: limits.mcpSimilarEventsMax + 1,
        },
        { mutation: false },
      )
      if (!similar.ok) return refusal(similar.error)
      const similarEvents = similar.value.listLedgerEvents.items
        .filter((other) => other.id !== event.id && other.direction === event.direction)
        .slice(0, limits.mcpSimilarEventsMax)

      return answer({
        getLedgerEvent: event,
        suggestion: {
          ...explainSuggestion(event, rules),
          rulesRead: rules.length,
          rulesTotal,
        },
        similarEvents,
      })
    },
  )

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

  const bankFileInput = {
    paymentAccountId: id('The bank or card account the statement is of (list_accounts)'),
    format: z
      .enum(['AUTO', 'OFX', 'CAMT053', 'MT940', 'QIF', 'CSV'])
      .optional()
      .describe('AUTO (the default) tells the format from the content.'),
    csvProfileId: id(
      "A saved CSV import profile of the account, for a CSV file; else the account's own",
    ).optional(),
    dateFormat: z
      .string()
      .optional()
      .describe('For QIF and CSV files: YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY or YYYYMMDD.'),
    rowsShown: z
      .number()
      .int()
      .min(0)
      .max(limits.rowsPerImportMax)
      .optional()
      .describe(`Statement rows to show in the answer, ${limits.mcpBankFileRowsShownDefault} by default.`),
  }
  type BankFileArgs = {
    paymentAccountId: string
    format?: string | undefined
    csvProfileId?: string | undefined
    dateFormat?: string | undefined
    rowsShown?: number | undefined
    filePath?: string | undefined
    s3Key?: string | undefined
  }
  async function bankFile(args: BankFileArgs, dryRun: boolean): Promise<CallToolResult> {
    const file = await stored(args, 'statement')
    if (!file.ok) return refusal(file.error)
    const { rowsShown = limits.mcpBankFileRowsShownDefault, filePath: _path, s3Key: _key, ...options } = args
    const data = await ask<{
      importBankStatementFile: { rows?: Array<{ isDuplicate: boolean; isPossibleDuplicate: boolean }> } | null
    }>(documents.importBankFile, { ...options, s3Key: file.value.s3Key, dryRun }, { mutation: true })
    if (!data.ok) return refusal(data.error)
    const payload = data.value.importBankStatementFile
    const rows = payload?.rows ?? []
    // A statement may hold 10,000 rows: the counts stand for all of them, the list for the first few.
    return answer({
      ...(file.value.upload ? { upload: file.value.upload } : {}),
      importBankStatementFile: payload && { ...payload, rows: rows.slice(0, rowsShown) },
      rowSummary: {
        rows: rows.length,
        duplicates: rows.filter((row) => row.isDuplicate).length,
        possibleDuplicates: rows.filter((row) => row.isPossibleDuplicate).length,
        shown: Math.min(rows.length, rowsShown),
      },
    })
  }

  server.registerTool(
    'preview_bank_file',
    {
      title: 'Preview a bank statement file',
      description:
        "Reads a bank's statement file (OFX/QFX, camt.053, MT940, QIF or CSV) from this machine, uploads it and judges every row without importing anything (importBankStatementFile with dryRun): each row's date, description, amount and direction, whether it duplicates an event already in the books, and the statement's balance check. For a CSV without a saved profile it suggests one. The answer's upload.s3Key can be given to import_bank_file to import exactly the file previewed.",
      inputSchema: {
        filePath: z
          .string()
          .describe(
            'The statement file (.ofx .qfx .qbo .xml .sta .mt940 .940 .qif .csv .tsv .txt), in the folder the operator allows (DAYBOOK_MCP_FILES_DIR); a relative path is taken from that folder. At most 20 MiB.',
          ),
        ...bankFileInput,
      },
      annotations: writes({ destructiveHint: false, idempotentHint: true }),
    },
    (args) => bankFile(args, true),
  )

  server.registerTool(
    'import_bank_file',
    {
      title: 'Import a bank statement file',
      description:
        'Imports a statement file into the payment account (importBankStatementFile): one needs_review event per row that is not a duplicate, all or nothing. Give filePath (a file on this machine, uploaded first) or s3Key (the upload.s3Key of preview_bank_file, to import what was previewed). Preview first: importedCount and skippedCount say what happened.',
      inputSchema: {
        filePath: z
          .string()
          .optional()
          .describe('The statement file, in the folder the operator allows (DAYBOOK_MCP_FILES_DIR).'),
        s3Key: z
          .string()
          .optional()
          .describe('The key of a file already uploaded (preview_bank_file answers it).'),
        ...bankFileInput,
      },
      annotations: writes({ destructiveHint: false, idempotentHint: true }),
    },
    (args) => bankFile(args, false),
  )

  server.registerTool(
    'list_receipts',
    {
      title: 'List receipts',
      description:
        'Receipts the organization received (uploaded, mailed, texted), newest first: vendor, total and date as read from the document (the total is a JSON number, as the API gives it; null until read), status (draft, processed, reviewed, rejected), the event it is attached to if any, and its s3Key, which attach_receipt takes.',
      inputSchema: {
        search: z.string().optional().describe('Text to find in the vendor name.'),
        status: z.enum(['draft', 'processed', 'reviewed', 'rejected']).optional(),
        extractionFailed: z
          .boolean()
          .optional()
          .describe('true: only receipts whose document could not be read; false: only the others.'),
        limit,
        offset,
      },
      annotations: reads,
    },
    (args) => query(documents.listReceipts, args),
  )

  server.registerTool(
    'attach_receipt',
    {
      title: 'Attach a receipt to an event',
      description:
        'Attaches a receipt to a ledger event (attachReceiptToEvent): a file on this machine (JPEG, PNG, WebP, HEIC or PDF up to 20 MiB, uploaded first), or the s3Key of a receipt already received (list_receipts).',
      inputSchema: {
        eventId: id('The event id'),
        filePath: z
          .string()
          .optional()
          .describe('The receipt file, in the folder the operator allows (DAYBOOK_MCP_FILES_DIR).'),
        s3Key: z.string().optional().describe('The s3Key of a received or uploaded file.'),
        filename: z.string().optional().describe("The receipt's display name; the file's own by default."),
      },
      annotations: writes({ destructiveHint: false, idempotentHint: false }),
    },
    async ({ eventId, filePath, s3Key, filename }) => {
      const file = await stored({ filePath, s3Key }, 'receipt')
      if (!file.ok) return refusal(file.error)
      const data = await ask(
        documents.attachReceipt,
        { eventId, s3Key: file.value.s3Key, filename },
        { mutation: true },
      )
      if (!data.ok) return refusal(data.error)
      return answer({ ...(file.value.upload ? { upload: file.value.upload } : {}), ...data.value })
    },
  )

  server.registerTool(
    'income_statement',
    {
      title: 'Income statement',
      description:
        'Income and expenses posted in a period, by account, with totals and net income, as decimal strings in the functional currency. Defaults: the first of this month to today (UTC).',
      inputSchema: { startDate: date('First day'), endDate: date('Last day') },
      annotations: reads,
    },
    (args) => query(documents.incomeStatement, args),
  )

  server.registerTool(
    'balance_sheet',
    {
      title: 'Balance sheet',
      description:
        'Assets, liabilities and equity as of a day (today by default), by account, with totals; assets = liabilities + equity + currentEarnings. Decimal strings in the functional currency.',
      inputSchema: { asOf: date('The day') },
      annotations: reads,
    },
    (args) => query(documents.balanceSheet, args),
  )

  server.registerTool(
    'dashboard_summary',
    {
      title: 'Dashboard summary',
      description:
        'Revenue, expenses and net income for a period (decimal strings), the receipts dated in it and the events still waiting for review. Defaults: the first of this month to today (UTC).',
      inputSchema: { startDate: date('First day'), endDate: date('Last day') },
      annotations: reads,
    },
    (args) => query(documents.dashboardSummary, args),
  )

  server.registerTool(
    'events',
    {
      title: 'Read the event feed',
      description:
        "The organization's business facts in order, numbered without gaps (seq): ledger_event.created|classified|confirmed|rejected|..., bank_import.completed, receipt.received|matched|..., account.created, and more. Each has the entity's id and data (JSON text: the fields the change set). Keep lastSeq and pass it as after next time to read only what is new.",
      inputSchema: {
        after: z.number().int().optional().describe('Read events after this seq; 0 by default.'),
        types: z
          .array(z.string())
          .optional()
          .describe('Only these types, such as ["ledger_event.confirmed"].'),
        limit: z
          .number()
          .int()
          .optional()
          .describe(`Events per page, ${limits.feedPageDefault} by default, at most ${limits.feedPageMax}.`),
      },
      annotations: reads,
    },
    (args) => query(documents.events, args),
  )

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
    (args) => query(documents.listAccounts, args),
  )
}
