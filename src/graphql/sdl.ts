import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSchema, printSchema } from 'graphql'

// The SDL files stay in src/ (compiled code in dist/ reads them from there too), so the contract
// a reviewer reads is exactly the one served.
const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src')

export function loadSdl(): string {
  const modulesDir = path.join(sourceRoot, 'modules')
  const files = [
    path.join(sourceRoot, 'graphql', 'schema.graphql'),
    ...readdirSync(modulesDir)
      .sort()
      .map((name) => path.join(modulesDir, name, 'schema.graphql'))
      .filter((file) => existsSync(file)),
  ]
  return files.map((file) => readFileSync(file, 'utf8')).join('\n')
}

/**
 * The whole API as one document, every type with its extensions merged: what GET
 * /graphql/schema.graphql serves and the repository's schema.graphql holds, for client code
 * generators and for teams reading the contract without introspection.
 */
export function printedSdl(): string {
  return `${printSchema(buildSchema(loadSdl()))}\n`
}
