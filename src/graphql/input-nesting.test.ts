// The nesting scans count levels without recursion and ignore brackets inside strings and comments.
import { describe, expect, it } from 'vitest'
import { documentNesting, inputNestingProblem, valueNesting } from './input-nesting.js'

describe('documentNesting', () => {
  it.each([
    ['{ a }', 1],
    ['query ($x: [[Int]]) { a(x: $x) { b { c } } }', 3],
    ['{ a(s: "[[[[{{{{((((") }', 2],
    ['{ a(s: """ [[[[ \\""" [[[[ """) }', 2],
    ['{ a(s: "\\" [[[[") }', 2],
    ['# [[[[[[\n{ a }', 1],
    ['{ a(x: [[[1]]]) }', 5],
  ])('%j nests %i deep', (query, depth) => {
    expect(documentNesting(query)).toBe(depth)
  })

  it('stops counting once past the limit', () => {
    expect(documentNesting('['.repeat(1_000_000), 10)).toBe(11)
  })
})

describe('valueNesting', () => {
  it.each([
    [null, 0],
    ['x', 0],
    [{}, 1],
    [{ rows: [{ a: 1 }] }, 3],
    [[[[[]]]], 4],
  ])('%j nests %i deep', (value, depth) => {
    expect(valueNesting(value)).toBe(depth)
  })

  it('walks a million levels without overflowing the stack', () => {
    let value: unknown = 'x'
    for (let level = 0; level < 1_000_000; level++) value = [value]
    expect(valueNesting(value, 10)).toBe(11)
  })
})

describe('inputNestingProblem', () => {
  it('accepts ordinary requests', () => {
    expect(inputNestingProblem('{ a { b } }', { rows: [{ amount: '1.00' }] })).toBeUndefined()
    expect(inputNestingProblem('{ a }', undefined)).toBeUndefined()
  })

  it('names the query or the variables', () => {
    expect(inputNestingProblem(`{ a(x: ${'['.repeat(101)}) }`, undefined)).toMatch(/query/)
    let value: unknown = 1
    for (let level = 0; level < 101; level++) value = [value]
    expect(inputNestingProblem('{ a }', { value })).toMatch(/variables/)
  })
})
