import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { codegen } from '@graphql-codegen/core'
import * as typedDocumentNode from '@graphql-codegen/typed-document-node'
import * as typescript from '@graphql-codegen/typescript'
import * as typescriptOperations from '@graphql-codegen/typescript-operations'
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
        Organization: '../../modules/organizations/organization.js#OrganizationRecord',
        // An event's entries are answered as the journal answers them, their lines read when selected;
        // the documents it pays are read by the invoices module, the template that made it by the
        // recurring module, for its organization.
        LedgerEvent:
          "Omit<LedgerEvent, 'history' | 'journalEntry' | 'reversalEntry' | 'appliedDocuments' | 'recurringTemplateId' | 'occurrenceDate'> & { organizationId: string; journalEntry: JournalEntryParent | null; reversalEntry: JournalEntryParent | null }",
        Account: "Omit<Account, 'history'>",
        // A contact's outstanding and overdue are read by the invoices module for its organization.
        Contact: "Omit<Contact, 'history' | 'outstanding' | 'overdue'> & { organizationId: string }",
        Reconciliation: "Omit<Reconciliation, 'history'>",
        JournalEntry: '../../modules/journal/journal-entry-view.js#JournalEntryParent',
        // Which recurring template made a document is read by the recurring module for its organization.
        Invoice: "Omit<Invoice, 'recurringTemplateId' | 'occurrenceDate'> & { organizationId: string }",
        ApiKey: '../../modules/access/access-store.js#ApiKeyRecord',
        PracticeOrganization:
          '../../modules/practice/practice-service.js#PracticeOrganization as PracticeOrganizationParent',
      },
      useIndexSignature: false,
    },
  })
  return `// Generated from the SDL by scripts/codegen.ts; do not edit. Run npm run codegen.\n${output}`
}

/** The web app's operations, one document per screen area, each typed into a module of its own. */
export const webOperationsDirectory = new URL('../web/src/api/operations/', import.meta.url)
export const webGeneratedDirectory = new URL('../web/src/api/generated/', import.meta.url)

export interface GeneratedFile {
  path: URL
  content: string
}

/**
 * Result and variable types with a typed document for each of the web app's operations, checked
 * against the SDL (an operation the API does not have fails here). Each operations file gets its
 * own module so that a screen loaded later brings its documents with it instead of the first
 * screen carrying them all.
 */
export async function generateWebOperationTypes(): Promise<GeneratedFile[]> {
  const schema = parse(loadSdl())
  const sources = readdirSync(webOperationsDirectory)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
  return Promise.all(
    sources.map(async (source) => {
      const output = await codegen({
        filename: source.replace(/\.graphql$/, '.ts'),
        schema,
        documents: [
          {
            location: source,
            document: parse(readFileSync(new URL(source, webOperationsDirectory), 'utf8')),
          },
        ],
        plugins: [{ typescriptOperations: {} }, { typedDocumentNode: {} }],
        pluginMap: { typescriptOperations, typedDocumentNode },
        config: {
          useTypeImports: true,
          enumsAsTypes: true,
          scalars: { UUID: 'string', Date: 'string' },
          // A scalar added to the SDL without a mapping here fails codegen instead of becoming any.
          strictScalars: true,
          // Fragments are spread into the result types, so a screen names one fragment's type
          // (QueueEventFragment) for the rows it draws.
          inlineFragmentTypes: 'combine',
          dedupeFragments: true,
        },
      })
      return {
        path: new URL(source.replace(/\.graphql$/, '.ts'), webGeneratedDirectory),
        content: `// Generated from web/src/api/operations/${source} and the SDL by scripts/codegen.ts; do not edit. Run npm run codegen.\n${output}`,
      }
    }),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(generatedTypesPath, await generateResolverTypes())
  writeFileSync(printedSdlPath, printedSdl())
  mkdirSync(webGeneratedDirectory, { recursive: true })
  for (const file of await generateWebOperationTypes()) writeFileSync(file.path, file.content)
  console.log('wrote src/graphql/generated/resolvers-types.ts, schema.graphql and web/src/api/generated/')
}
