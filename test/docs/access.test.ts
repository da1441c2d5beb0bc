// The rights table covers every operation of the schema and every REST route, the MCP tools name only its operations, and docs/access.md is exactly what it generates.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { buildSchema, isObjectType } from 'graphql'
import { describe, expect, it } from 'vitest'
import { accessDocPath, renderAccessDoc } from '../../scripts/access-doc.js'
import { loadSdl } from '../../src/graphql/sdl.js'
import { toolNames, toolOperations } from '../../src/mcp/tool-rights.js'
import { type OperationName, rights } from '../../src/modules/access/rights.js'

const schema = buildSchema(loadSdl())
const rootFields = [
  ...Object.keys(schema.getQueryType()?.getFields() ?? {}),
  ...Object.keys(schema.getMutationType()?.getFields() ?? {}),
]
const entries = Object.keys(rights) as OperationName[]
const httpSources = readdirSync(path.resolve(import.meta.dirname, '../../src/http'))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => readFileSync(path.resolve(import.meta.dirname, '../../src/http', name), 'utf8'))
  .join('\n')

describe('the rights table', () => {
  it('has an entry for every query and mutation of the schema', () => {
    expect(rootFields.filter((field) => !(field in rights))).toEqual([])
  })

  it('names only operations that exist: root fields, fields of types, and routes the server registers', () => {
    const unknown = entries.filter((name) => {
      if (rootFields.includes(name)) return false
      const route = /^(GET|POST) (\/\S*)$/.exec(name)
      if (route) {
        const [, method = '', url = ''] = route
        return (
          !httpSources.includes(`app.${method.toLowerCase()}(\n    '${url}'`) &&
          !httpSources.includes(`app.${method.toLowerCase()}('${url}'`)
        )
      }
      const [typeName = '', fieldName = ''] = name.split('.')
      const type = schema.getType(typeName)
      return !(isObjectType(type) && fieldName in type.getFields())
    })
    expect(unknown).toEqual([])
  })

  it('never lets a viewer write, and refuses keys or names scopes for every organization operation', () => {
    for (const name of entries) {
      const right = rights[name]
      if (right.caller !== 'organization') continue
      if (right.writes) expect(right.roles, name).not.toContain('viewer')
      if (right.keyScopes !== 'none') expect(right.keyScopes.length, name).toBeGreaterThan(0)
      expect(right.roles, name).toContain('owner')
    }
  })

  it('lets the read scope call no write', () => {
    const writable = entries.filter((name) => {
      const right = rights[name]
      return (
        right.caller === 'organization' &&
        right.writes &&
        right.keyScopes !== 'none' &&
        (right.keyScopes as readonly string[]).includes('read')
      )
    })
    expect(writable).toEqual([])
  })

  it('is what every MCP tool names, and docs/access.md lists each tool with them', () => {
    const named = toolNames.flatMap((tool) => toolOperations[tool] as readonly string[])
    expect(named.filter((name) => !(name in rights))).toEqual([])
    const section = renderAccessDoc().split('## MCP tools')[1] ?? ''
    for (const tool of toolNames) expect(section).toContain(`| \`${tool}\` | `)
  })

  it('is what docs/access.md says, word for word (npm run docs:access)', () => {
    expect(readFileSync(accessDocPath, 'utf8')).toBe(renderAccessDoc())
  })
})
