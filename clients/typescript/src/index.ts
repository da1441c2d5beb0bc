export {
  clientDefaults,
  createDaybookClient,
  type DaybookClient,
  type DaybookClientOptions,
  type DaybookCredential,
  type RequestOptions,
} from './daybook-client.js'
export {
  assertSuccess,
  DaybookError,
  type DaybookErrorDetails,
  type GraphQLErrorEntry,
  type PayloadOutcome,
} from './daybook-error.js'
export * from './generated/graphql.js'
