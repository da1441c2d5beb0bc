// Every limit of the service lives here, named with its unit last.
export const limits = {
  // The MCP server (`daybook mcp`): its own bounds beside the API's it relays.
  /**
   * The longest Retry-After a tool call waits out itself, once. The quota's window lasts an hour,
   * so a longer wait belongs to the agent, which is told the seconds and can do other work.
   */
  mcpRetryWaitInCallSecondsMax: 2,
  /** One HTTP exchange with Daybook; a statement of 10,000 rows imports well within it. */
  mcpRequestTimeoutMs: 120_000,
  /** Rule pages explain_suggestion reads (200 rules each): an organization's rules, within reason. */
  mcpCategoryRulePagesMax: 25,
  /** Near matches as checkBankStatementDups finds them: the same amount, this many days either side. */
  mcpSimilarEventDays: 3,
  mcpSimilarEventsMax: 10,
  /** Statement rows a bank-file answer shows by default: enough to review, small for a context window. */
  mcpBankFileRowsShownDefault: 100,
  pageSizeDefault: 25,
  pageSizeMax: 200,
  batchItemsMax: 500,
  rowsPerImportMax: 10_000,
  /** Answers smaller than this go uncompressed: compressing them would cost more than it saves. */
  compressionThresholdBytes: 1_024,
  /** How long a browser may keep a CORS preflight's answer (Chromium keeps one 2 hours at most). */
  corsPreflightMaxAgeSeconds: 600,
  /** Events one page of the event feed holds (DESIGN 7.5). */
  feedPageDefault: 100,
  feedPageMax: 1_000,
  /** How often `events tail` asks the feed for more once it has caught up. */
  feedTailPollMs: 1_000,
  /** Webhooks (ADR 0037): endpoints per organization, and what one may say. */
  webhookEndpointsPerOrganizationMax: 20,
  webhookUrlLengthMax: 2_000,
  webhookDescriptionLengthMax: 500,
  /** Seconds between a delivery's attempts unless WEBHOOK_RETRY_SCHEDULE says otherwise: 13 attempts over some 3.2 days. */
  webhookRetryScheduleDefault: '5,300,1800,7200,18000,36000,36000,36000,36000,36000,36000,36000',
  webhookRetriesMax: 50,
  /** A receiver that has not answered 2xx within this long has not taken the delivery. */
  webhookTimeoutMs: 10_000,
  /** How long a process holds a delivery it sends; well over the timeout, so a live sender never loses it. */
  webhookLeaseMs: 60_000,
  /** The part of a receiver's answer kept with each attempt. */
  webhookResponseBytesKept: 2_048,
  /** How long a rotated-out secret still signs deliveries beside the new one. */
  webhookOldSecretMs: 24 * 60 * 60 * 1000,
  /** An endpoint failing without a success for this long is disabled. */
  webhookFailingMsMax: 5 * 24 * 60 * 60 * 1000,
  /** The dispatcher's poll while there is work, and its longest wait when idle. */
  webhookPollMs: 250,
  webhookIdlePollMaxMs: 2_000,
  /** Deliveries one dispatcher sends at once (to different endpoints: one endpoint is sent in order). */
  webhookSendsInFlightMax: 32,
  /** The part of those one organization may hold: receivers that hang keep a tenant's share busy, not the pool. */
  webhookSendsPerOrganizationMax: 4,
  /** Due deliveries (one per endpoint) read to fill the pool, among which organizations take turns. */
  webhookDueCandidatesMax: 256,
  /** Feed events one endpoint takes into deliveries per pass. */
  webhookFanOutEventsMax: 500,
  /** Rates one setExchangeRates call may set; all or nothing, like a statement import. */
  exchangeRatesPerCallMax: 10_000,
  /** Rates one CSV loaded by the CLI may hold: decades of every Bank of Canada series. */
  exchangeRatesPerFileMax: 500_000,
  /** Rates written per statement while saving (five values each). */
  exchangeRatesPerInsert: 500,
  /** Data rows one CSV file may hold (a processor export read whole by the CLI); beyond them it is refused. */
  csvRowsMax: 1_000_000,
  /** Bytes of one CSV record, so a runaway quoted field cannot swallow the file into one value. */
  csvRecordBytesMax: 256 * 1024,
  /** Columns of one bank CSV record: a bank's export has a few dozen; more is not a statement. */
  statementCsvColumnsMax: 500,
  /**
   * Elements of one statement file (OFX and camt.053 elements, MT940 fields, QIF lines): a
   * 10,000-row statement needs about 150,000; reading stops at the first one past this.
   */
  statementElementsMax: 500_000,
  /** Wall-clock time one statement file may take to read, in the reader thread. */
  statementReadTimeoutMs: 10_000,
  /** Heap of the thread that reads one statement file: a 20 MB camt.053 tree fits well within it. */
  statementReaderMemoryMb: 512,
  /** Statement files one server process reads at once; the next wait their turn. */
  statementReadersMax: 2,
  /** Uploads remembered refused for their size, per process, so a repeat is answered unread. */
  statementRefusalsRememberedMax: 10_000,
  rootMutationFieldsMax: 5,
  queryDepthMax: 8,
  queryAliasesMax: 15,
  queryDirectivesMax: 50,
  queryTokensMax: 50_000,
  queryCostMax: 50_000,
  inputNestingMax: 100,
  /** Parsed and validated query documents the GraphQL layer keeps. */
  graphqlQueryCacheEntriesMax: 1_024,
  /** Query texts whose operation (type and root fields) is remembered for logs and metrics. */
  operationInfoCacheEntriesMax: 1_000,
  /** Longer documents are read each time, so the cache holds at most a few megabytes of text. */
  operationInfoQueryLengthMax: 4_096,
  /** The root-field names a request is logged and counted under, joined. */
  operationNameLengthMax: 200,
  /** Budget of the list-cost rule: roughly one field of one row read. */
  queryListCostMax: 25_000,
  /** What any root field costs before its selection: a query over the organization's data. */
  rootFieldReadCost: 1_000,
  /** What reading one row of a page costs, whatever fields are asked for. */
  listRowReadCost: 10,
  /** The rows assumed for a list that takes no limit (report lines, attachments). */
  unpagedListSizeAssumed: 10,
  graphqlBodyBytesMax: 4 * 1024 * 1024,
  uploadBytesMax: 20 * 1024 * 1024,
  /** Room in an upload's body for the multipart framing around its one file. */
  uploadFormOverheadBytesMax: 1024 * 1024,
  uploadFormFieldsMax: 10,
  /** A stored file's display name. */
  filenameLengthMax: 200,
  /** CSV import profiles: a name, a column's header text, the lines above the header, and how many per account. */
  csvProfileNameLengthMax: 100,
  csvColumnNameLengthMax: 200,
  csvSkipLinesMax: 100,
  csvProfilesPerAccountMax: 20,
  /** Why a reconciliation was undone, kept with it. */
  undoReasonLengthMax: 500,
  /** The audit trail: records per sealing transaction, and how soon after a write they are sealed. */
  auditSealBatchMax: 1_000,
  auditSealDelayMs: 20,
  auditSealFollowUpMs: 2_000,
  nameLengthMax: 200,
  /** A ledger event's merchant, however it arrives: typed, a statement's description, a processor's. */
  merchantNameLengthMax: 200,
  memoLengthMax: 2_000,
  referenceLengthMax: 200,
  /** Lines of one manual journal entry (DESIGN 8.4). */
  journalLinesMax: 500,
  /** Lines of one invoice, bill or credit note (DESIGN 8.6). */
  invoiceLinesMax: 200,
  /** A longer sinceDays is taken as this one (some 8,000 years), so the date arithmetic stays in range. */
  sinceDaysMax: 3_000_000,
  /** An account's free-text sub-type. */
  subTypeLengthMax: 100,
  /** A contact's phone, kept as written in any national format. */
  phoneLengthMax: 50,
  /** The longest address SMTP carries (RFC 5321). */
  emailLengthMax: 254,
  vendorPatternLengthMax: 200,
  /** Conditions of one category rule, beside its vendor pattern. */
  ruleConditionsMax: 20,
  /** Percentage lines of one category rule, as many as an event takes. */
  ruleLinesMax: 100,
  /** Events a rule's preview lists; matchCount counts them all. */
  rulePreviewItemsMax: 200,
  /** Another server process learns of a category-rule change within this time; this one at once. */
  categoryRuleCacheMs: 5_000,
  /** 15 significant digits keep every amount, and sums of many, exact where a driver hands back a double. */
  moneyDigitsMax: 15,
  /** Journal entries a journal export reads per query, so a long ledger streams in bounded memory. */
  journalExportEntriesPerRead: 2_000,
  /** Ids in one `in (...)` list, far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
  sqlIdsPerQueryMax: 1_000,
  /** Ledger events per INSERT: 27 columns each, well under SQLite's 32,766 bound parameters. */
  sqlEventRowsPerInsertMax: 500,
  idempotencyKeyLengthMax: 255,
  /** How long an answer stays replayable under its Idempotency-Key. */
  idempotencyKeepMs: 24 * 60 * 60_000,
  /** A request holding a key longer than this is taken to have died with its process. */
  idempotencyLeaseMs: 60_000,
  /** How often a concurrent twin looks for the first request's answer. */
  idempotencyTwinPollMs: 25,
  postgresPoolConnectionsMax: 10,
  /** Beside them, the connections that keep one plan per statement for the few statements that allow it. */
  postgresOnePlanConnectionsMax: 5,
  /** WORKERS: each holds a pool of postgresPoolConnectionsMax and the quota's beside it. */
  serverWorkersMax: 64,
  /** How long a replacement for a dead server worker waits, so a crash loop does not spin. */
  workerRestartDelayMs: 1_000,
  /** How long a worker waits for the summed metrics of every worker before the scrape fails. */
  clusterMetricsTimeoutMs: 10_000,
  /** The quota's own PostgreSQL pool, beside the main one. */
  rateLimitPoolConnectionsMax: 4,
  /**
   * Requests a server process may let through on a key before its count reaches the shared
   * tally; N processes together overshoot a quota by at most N times this (ADR 0026).
   */
  quotaBatchMax: 50,
  /** How long counts below a batch wait before they go to the shared tally anyway. */
  quotaSendEveryMs: 1_000,
  /** How long a SQLite write waits for another process (the CLI beside the server) to let go. */
  sqliteBusyTimeoutMs: 10_000,
  /** 64 MiB of page cache (the default is 2 MiB): large imports and deletions reread the same pages. */
  sqlitePageCacheKibibytes: 64 * 1024,
  /** WAL pages after which a commit checkpoints, as the fallback to the background checkpoints. */
  sqliteWalAutocheckpointPages: 10_000,
  /**
   * How often the background worker copies the WAL back: long before a commit would have to
   * (wal_autocheckpoint), seldom enough that a quiet server barely notices.
   */
  sqliteCheckpointIntervalMs: 200,
  /** Compiled SQLite statements kept by SQL text. */
  sqliteStatementsCachedMax: 500,
  /** Writes that may share one SQLite commit; few enough that the write lock is never held long. */
  sqliteWritesPerCommitMax: 64,
  /** Within both engines' limits on parameters (SQLite 32,766, PostgreSQL 65,535) for rows of up to 32 columns. */
  sqlRowsPerStatementMax: 1_000,
  /** Shapes of a list's query (filters used, ids named, sort) whose compiled text is kept. */
  queryShapesKeptMax: 256,
  /** Statement texts, and lists of columns, whose PostgreSQL row constructors are kept (src/db/pg-rows.ts). */
  rowShapesKeptMax: 1_024,
  /** Distinct row counts whose prepared insert statements are kept before the set starts over. */
  preparedRowCountsKeptMax: 16,
  /** A server keeps a named statement per connection only for small writes (a confirm's), never an import's. */
  namedStatementRowsMax: 8,
  searchLengthMax: 200,
  filterIdsMax: 500,
  /** How long an API-key look-up is trusted while no change notice can arrive (SQLite, or a dropped listener). */
  apiKeyCacheMs: 5_000,
  /**
   * ... and while change notices arrive: a revocation drops the entry at once in every process.
   * Members' roles are kept as long, and only then.
   */
  apiKeyCacheNoticedMs: 10 * 60_000,
  apiKeyLastUsedWriteMs: 60_000,
  /** Keys kept in the API-key cache; at this many it starts over. */
  apiKeyCacheEntriesMax: 10_000,
  /** A longer bearer value is not taken for an API key (a key is 47 characters). */
  apiKeyLengthMax: 200,
  passwordLengthMin: 8,
  /** Memory one scrypt hash may take: the cost in use needs just over 32 MiB, Node's default ceiling. */
  scryptMemoryBytesMax: 64 * 1024 * 1024,
  tokenLifetimeSeconds: 24 * 60 * 60,
  loginFailuresMax: 10,
  loginFailureWindowSeconds: 15 * 60,
  /** How long an address a person signed in from stays theirs, so a stranger's failures elsewhere cannot lock it. */
  signInKnownAddressSeconds: 30 * 24 * 60 * 60,
  signInPerAddressPerMinuteDefault: 30,
  signInPerMinuteDefault: 600,
  /** Password checks that may wait for a password thread; sign-ins beyond them are refused. */
  passwordChecksWaitingMax: 8,
  /** Password threads beside the event loop on a larger machine (one on a machine of two cores). */
  passwordThreadsMax: 2,
  /** A client address that is not an IP address counts for the sign-in quotas cut to this length. */
  signInAddressKeyLengthMax: 64,
  /** Secrets an operator configures: long enough not to be guessed. */
  jwtSecretLengthMin: 32,
  auditChainSecretLengthMin: 32,
  intakeSecretLengthMin: 16,
  rateLimitWindowSeconds: 60 * 60,
  /** A mailed receipt as sent, over SMTP or POST /intake/email. */
  intakeMessageBytesMax: 30 * 1024 * 1024,
  /** MIME parts of one mailed message, the message itself and nested parts included. */
  intakeMessagePartsMax: 100,
  /** Media files of one message posted to POST /intake/sms. */
  intakeSmsMediaPartsMax: 10,
  intakeSmsFieldsMax: 20,
  /**
   * Documents (attachments read as receipts, or a message's body) one intake address, and all of
   * an organization's together, may receive in an hour (ADR 0049). A message that would pass
   * either is refused whole, so a sender's server keeps it and tries again later.
   */
  intakeDocumentsPerAddressPerHourMax: 100,
  intakeDocumentsPerOrganizationPerHourMax: 300,
  intakeQuotaWindowMs: 60 * 60_000,
  /** An intake address's label. */
  intakeLabelLengthMax: 100,
  smtpConnectionsMaxDefault: 10,
  /** Messages one SMTP connection may carry before it has to reconnect. */
  smtpMessagesPerConnectionMax: 20,
  /** Silence after which an SMTP client that owes us input is dropped. */
  smtpIdleTimeoutMsDefault: 60_000,
  /** How long one message's DATA may take, so a sender trickling a byte at a time is dropped too. */
  smtpMessageTimeoutMsDefault: 10 * 60_000,
  /** The shortest SMTP idle and message timeouts an operator may set. */
  smtpTimeoutMsMin: 100,
  /** How long a closing SMTP server waits for its connections, and never longer than the idle timeout. */
  smtpCloseTimeoutMsMax: 30_000,
  rateLimitPerHourDefault: 5_000,
  /** Attempts of a background job; attempt n + 1 waits jobRetryBaseMs * 4^n (4 s, then 16 s). */
  jobAttemptsMax: 3,
  jobRetryBaseMs: 1_000,
  /** A job claimed this long ago and not finished is taken to have died with its process. */
  jobLeaseMs: 5 * 60_000,
  /** How often an idle job worker looks for due jobs; a new job wakes it at once. */
  jobIdlePollMs: 500,
  /** Failed jobs one operator listing shows, unless asked for fewer or more. */
  failedJobsListedDefault: 100,
  failedJobsListedMax: 1_000,
  /** A statement row's near matches are events of its amount this many days either side of it. */
  bankNearMatchDays: 3,
  /** Near matches shown for one statement row, to explain why it is not a duplicate. */
  bankNearMatchesMax: 5,
  /** The CLI reads whole files; beyond this, split the export. */
  processorImportRowsMax: 1_000_000,
  /** Rows per write round: bounds memory per statement batch and paces progress reports. */
  processorImportRowsPerRound: 5_000,
  /** From this many events one processor import writes, PostgreSQL's planner statistics are refreshed. */
  statisticsRefreshEventsMin: 10_000,
  /** A processor's balance-transaction id. */
  balanceTransactionIdLengthMax: 200,
  /** CLI imports shorter than this many rows finish before a progress line would help. */
  cliProgressRowsMin: 10_000,
  /** Receipts are short; a longer text is a statement or a mistake, and its head carries the header anyway. */
  receiptTextLengthMax: 100_000,
  /** A vendor name read from a receipt is cut to this length. */
  extractedVendorLengthMax: 100,
  /** Receipts are a page or two; the cap bounds the work a hostile 10,000-page file can cause. */
  pdfPagesReadMax: 20,
  /** Characters after a `<` read for a tag's name, so each `<` of a page costs a short slice, not the rest. */
  htmlTagNameLengthMax: 64,
  /** How long OCR may spend on one image, and an OCR engine on starting. */
  ocrImageTimeoutMs: 60_000,
  ocrStartTimeoutMs: 60_000,
  /** A 12-megapixel phone photo is fine; far larger images only cost minutes and memory. */
  ocrImagePixelsMax: 50_000_000,
  /** Width an image is scaled to before OCR: a till slip's print is then the height the models read best (ADR 0041). */
  ocrImageWidthPixels: 800,
  /** Threads the OCR models may run on: two halve a receipt's time on an idle machine (ADR 0041). */
  ocrThreadsMax: 2,
  /**
   * A field read from a receipt takes part in matching it to an event only at this confidence or
   * above (0 to 1); below it a person confirms the field. A date whose day and month could be read
   * either way, with nothing on the receipt or in the organization to decide, stays below it.
   */
  receiptFieldConfidenceMatchMin: 0.8,
  /** Bytes of log lines written to standard output together. */
  logBatchBytes: 64 * 1024,
  /** How long a log line may wait for the rest of its batch. */
  logBatchDelayMs: 100,
  /** A client-sent organization id that is not a UUID is logged cut to this (an id is 36 characters). */
  loggedOrganizationIdLengthMax: 64,
  /** How much of a refused value an error message quotes. */
  uuidQuotedLengthMax: 60,
  currencyQuotedLengthMax: 20,
  /** While shutting down, how often connections that fell idle are closed. */
  shutdownIdleSweepMs: 50,
  /**
   * Resident memory of the process that reads documents, OCR engine included (ADR 0025). The
   * PaddleOCR models peak near 1.8 GB on a large scan (ADR 0041).
   */
  extractionMemoryMbDefault: 2048,
  /** Wall-clock time the reading process may spend on one document. */
  extractionTimeoutMsDefault: 60_000,
  /** What a PDF's non-image Flate streams may inflate to together; 1 MB of deflated zeros makes 1 GiB. */
  pdfDecodedBytesMax: 64 * 1024 * 1024,
  /** A PDF claiming more pages is refused outright: no receipt is that long. */
  pdfPagesAllowedMax: 100,
  // Recurring entries (DESIGN 8.10).
  /** How often each server process looks for organizations whose recurring dates have come. */
  recurringTickMs: 60_000,
  /** Templates one organization may hold: each is looked at on every due run. */
  recurringTemplatesMax: 200,
  /** Every `interval` periods: yearly times 100 is already a century. */
  recurringIntervalMax: 100,
  /** A template's whole schedule, and the dates one run catches up per template before it yields. */
  recurringOccurrencesMax: 10_000,
  recurringCatchUpPerRunMax: 1_000,
} as const
