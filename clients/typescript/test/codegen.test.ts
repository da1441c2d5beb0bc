import { readFileSync } from 'node:fs'
import { generate } from '@graphql-codegen/cli'
import { expect, it } from 'vitest'
import config from '../codegen.js'

it('the committed generated code is what codegen makes now from the SDL and the operations', async () => {
  const outputs: Array<{ filename: string; content: string }> = await generate(
    { ...config, silent: true },
    false,
  )
  expect(outputs.map((output) => output.filename)).toEqual(Object.keys(config.generates))
  for (const output of outputs) {
    expect(readFileSync(output.filename, 'utf8'), `${output.filename} is stale: run npm run codegen`).toBe(
      output.content,
    )
  }
})
