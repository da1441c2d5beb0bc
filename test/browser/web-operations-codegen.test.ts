// The web app's committed operation types are what codegen makes now from the SDL and web/src/api/operations.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { generateWebOperationTypes, webGeneratedDirectory } from '../../scripts/codegen.js'

it('has committed web operation types that match the SDL and the operations (run npm run codegen)', async () => {
  const files = await generateWebOperationTypes()
  const committed = readdirSync(webGeneratedDirectory).filter((name) => name.endsWith('.ts'))
  expect(committed.sort()).toEqual(files.map((file) => fileURLToPath(file.path).split('/').pop()).sort())
  for (const file of files) {
    expect(readFileSync(file.path, 'utf8'), `${fileURLToPath(file.path)} is stale`).toBe(file.content)
  }
})
