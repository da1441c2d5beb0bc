// The committed resolver types and whole-API schema.graphql match the SDL, and the SDL builds into one valid schema.
import { readFileSync } from 'node:fs'
import { buildSchema, isObjectType } from 'graphql'
import { describe, expect, it } from 'vitest'
import { generatedTypesPath, generateResolverTypes, printedSdlPath } from '../../scripts/codegen.js'
import { loadSdl, printedSdl } from './sdl.js'

describe('schema', () => {
  it('builds from the per-module SDL files', () => {
    expect(() => buildSchema(loadSdl())).not.toThrow()
  })

  it('has committed resolver types that match the SDL (run npm run codegen)', async () => {
    expect(readFileSync(generatedTypesPath, 'utf8')).toBe(await generateResolverTypes())
  })

  it('has a committed schema.graphql of the whole API that matches the SDL (run npm run codegen)', () => {
    const printed = readFileSync(printedSdlPath, 'utf8')
    expect(printed).toBe(printedSdl())
    // Every module's types are in it, their extensions merged in.
    expect(printed).toContain('type Query {')
    expect(printed).toContain('startReconciliationFromStatementFile(')
    expect(printed).not.toContain('extend type')
  })

  it('gives every type that answers an errorCode a field, naming the argument at fault', () => {
    const schema = buildSchema(loadSdl())
    const refusals = Object.values(schema.getTypeMap()).filter(
      (type) => isObjectType(type) && !type.name.startsWith('__') && 'errorCode' in type.getFields(),
    )
    expect(refusals.length).toBeGreaterThan(30)
    const withoutField = refusals.filter((type) => isObjectType(type) && !('field' in type.getFields()))
    expect(withoutField.map((type) => type.name)).toEqual([])
  })
})
