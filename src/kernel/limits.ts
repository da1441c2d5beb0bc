// Every limit of the service lives here, named with its unit last.
export const limits = {
  pageSizeDefault: 25,
  pageSizeMax: 200,
  batchItemsMax: 500,
  rowsPerImportMax: 10_000,
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
} as const
