export {
  clientDefaults,
  createDaybookClient,
  type DaybookClient,
  type DaybookClientOptions,
  type DaybookCredential,
  type GeneratedDocument,
  type ListPage,
  type RequestOptions,
  type SendableDocument,
  type UploadedFile,
  type UploadOptions,
} from './daybook-client.js'
export {
  assertSuccess,
  DaybookError,
  type DaybookErrorDetails,
  type GraphQLErrorEntry,
  type PayloadOutcome,
} from './daybook-error.js'
export * from './generated/graphql.js'
export * from './generated/values.js'
