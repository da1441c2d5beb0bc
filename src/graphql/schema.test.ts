// The committed resolver types match the SDL, and the SDL builds into one valid schema.
import { readFileSync } from 'node:fs'
import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { generatedTypesPath, generateResolverTypes } from '../../scripts/codegen.js'
import { loadSdl } from './sdl.js'

describe('schema', () => {
  it('builds from the per-module SDL files', () => {
    expect(() => buildSchema(loadSdl())).not.toThrow()
  })

  it('has committed resolver types that match the SDL (run npm run codegen)', async () => {
    expect(readFileSync(generatedTypesPath, 'utf8')).toBe(await generateResolverTypes())
  })
})
