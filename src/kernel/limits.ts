// Every limit of the service lives here, named with its unit last.
export const limits = {
  pageSizeDefault: 25,
  pageSizeMax: 200,
  batchItemsMax: 500,
  rowsPerImportMax: 10_000,
  /** Data rows one CSV file may hold (a processor export read whole by the CLI); beyond them it is refused. */
  csvRowsMax: 1_000_000,
  /** Bytes of one CSV record, so a runaway quoted field cannot swallow the file into one value. */
  csvRecordBytesMax: 256 * 1024,
  rootMutationFieldsMax: 5,
  queryDepthMax: 8,
  queryAliasesMax: 15,
  queryDirectivesMax: 50,
  queryTokensMax: 50_000,
  queryCostMax: 50_000,
  inputNestingMax: 100,
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
  nameLengthMax: 200,
  /** A ledger event's merchant, however it arrives: typed, a statement's description, a processor's. */
  merchantNameLengthMax: 200,
  /** An account's free-text sub-type. */
  subTypeLengthMax: 100,
  /** A contact's phone, kept as written in any national format. */
  phoneLengthMax: 50,
  /** The longest address SMTP carries (RFC 5321). */
  emailLengthMax: 254,
  vendorPatternLengthMax: 200,
  /** Another server process learns of a category-rule change within this time; this one at once. */
  categoryRuleCacheMs: 5_000,
  /** 15 significant digits keep every amount, and sums of many, exact where a driver hands back a double. */
  moneyDigitsMax: 15,
  /** Journal entries a journal export reads per query, so a long ledger streams in bounded memory. */
  journalExportEntriesPerRead: 2_000,
  idempotencyKeyLengthMax: 255,
  /** How long an answer stays replayable under its Idempotency-Key. */
  idempotencyKeepMs: 24 * 60 * 60_000,
  /** A request holding a key longer than this is taken to have died with its process. */
  idempotencyLeaseMs: 60_000,
  /** How often a concurrent twin looks for the first request's answer. */
  idempotencyTwinPollMs: 25,
  postgresPoolConnectionsMax: 10,
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
  /** Distinct row counts whose prepared insert statements are kept before the set starts over. */
  preparedRowCountsKeptMax: 16,
  /** A server keeps a named statement per connection only for small writes (a confirm's), never an import's. */
  namedStatementRowsMax: 8,
  searchLengthMax: 200,
  filterIdsMax: 500,
  apiKeyCacheMs: 5_000,
  apiKeyLastUsedWriteMs: 60_000,
  tokenLifetimeSeconds: 24 * 60 * 60,
  loginFailuresMax: 10,
  loginFailureWindowSeconds: 15 * 60,
  signInPerAddressPerMinuteDefault: 30,
  signInPerMinuteDefault: 600,
  /** Password checks that may wait for a password thread; sign-ins beyond them are refused. */
  passwordChecksWaitingMax: 8,
  rateLimitWindowSeconds: 60 * 60,
  /** A mailed receipt as sent, over SMTP or POST /intake/email. */
  intakeMessageBytesMax: 30 * 1024 * 1024,
  /** MIME parts of one mailed message, the message itself and nested parts included. */
  intakeMessagePartsMax: 100,
  smtpConnectionsMaxDefault: 10,
  /** Messages one SMTP connection may carry before it has to reconnect. */
  smtpMessagesPerConnectionMax: 20,
  /** Silence after which an SMTP client that owes us input is dropped. */
  smtpIdleTimeoutMsDefault: 60_000,
  /** How long one message's DATA may take, so a sender trickling a byte at a time is dropped too. */
  smtpMessageTimeoutMsDefault: 10 * 60_000,
  rateLimitPerHourDefault: 5_000,
  /** Attempts of a background job; attempt n + 1 waits jobRetryBaseMs * 4^n (4 s, then 16 s). */
  jobAttemptsMax: 3,
  jobRetryBaseMs: 1_000,
  /** Failed jobs one operator listing shows. */
  failedJobsListedMax: 1_000,
  /** Resident memory of the process that reads documents, OCR engine included (ADR 0025). */
  extractionMemoryMbDefault: 768,
  /** Wall-clock time the reading process may spend on one document. */
  extractionTimeoutMsDefault: 60_000,
  /** What a PDF's non-image Flate streams may inflate to together; 1 MB of deflated zeros makes 1 GiB. */
  pdfDecodedBytesMax: 64 * 1024 * 1024,
  /** A PDF claiming more pages is refused outright: no receipt is that long. */
  pdfPagesAllowedMax: 100,
} as const
