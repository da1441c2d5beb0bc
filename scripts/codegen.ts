import { writeFileSync } from 'node:fs'
import { codegen } from '@graphql-codegen/core'
import * as typescript from '@graphql-codegen/typescript'
import * as typescriptResolvers from '@graphql-codegen/typescript-resolvers'
import { parse } from 'graphql'
import { loadSdl, printedSdl } from '../src/graphql/sdl.js'

// Resolver types are generated from the SDL and committed; a test fails when they drift.
export const generatedTypesPath = new URL('../src/graphql/generated/resolvers-types.ts', import.meta.url)
/** The whole API in one file at the repository's root, for client teams. */
export const printedSdlPath = new URL('../schema.graphql', import.meta.url)

export async function generateResolverTypes(): Promise<string> {
  const output = await codegen({
    filename: 'resolvers-types.ts',
    schema: parse(loadSdl()),
    documents: [],
    plugins: [{ typescript: {} }, { typescriptResolvers: {} }],
    pluginMap: { typescript, typescriptResolvers },
    config: {
      contextType: '../context.js#GraphQLContext',
      useTypeImports: true,
      enumsAsTypes: true,
      avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
      maybeValue: 'T | null',
      inputMaybeValue: 'T | null | undefined',
      scalars: { UUID: 'string', Date: 'string' },
      // An organization's lockDate is read fresh by its own field resolver; the record stays cached.
      // The types with a history leave it to the audit module's resolver.
      mappers: {
        Organization: '../../modules/organizations/organization-store.js#OrganizationRecord',
        LedgerEvent: "Omit<LedgerEvent, 'history'>",
        Account: "Omit<Account, 'history'>",
        Contact: "Omit<Contact, 'history'>",
        Reconciliation: "Omit<Reconciliation, 'history'>",
      },
      useIndexSignature: false,
    },
  })
  return `// Generated from the SDL by scripts/codegen.ts; do not edit. Run npm run codegen.\n${output}`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(generatedTypesPath, await generateResolverTypes())
  writeFileSync(printedSdlPath, printedSdl())
  console.log('wrote src/graphql/generated/resolvers-types.ts and schema.graphql')
}
