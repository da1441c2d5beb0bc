import type { CodegenConfig } from '@graphql-codegen/cli'

// The documents in operations/ against the SDL the server prints at the repository's root. The
// output is committed, so the client builds without running codegen; test/codegen.test.ts fails
// when it no longer matches what this configuration produces. typescript-operations emits only the
// input types the documents use, so a change elsewhere in the SDL leaves the output alone.
const config: CodegenConfig = {
  schema: '../../schema.graphql',
  documents: 'operations/*.graphql',
  generates: {
    'src/generated/graphql.ts': {
      plugins: [
        {
          add: {
            content: '// Generated from operations/*.graphql and the SDL; do not edit. Run npm run codegen.',
          },
        },
        'typescript-operations',
        'typed-document-node',
      ],
      config: {
        // Query text rather than an AST: the runtime posts it as is and needs no graphql package.
        documentMode: 'string',
        scalars: { UUID: 'string', Date: 'string' },
        // A scalar added to the SDL without a mapping here fails codegen instead of becoming any.
        strictScalars: true,
        useTypeImports: true,
      },
    },
  },
}

export default config
