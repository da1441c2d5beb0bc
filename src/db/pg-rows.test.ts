// PostgreSQL rows that arrive as arrays become the objects pg itself would have built.
import { describe, expect, it } from 'vitest'
import { rowsAsObjects } from './pg-rows.js'

const result = (names: string[], rows: unknown[][]) => ({
  fields: names.map((name) => ({ name })),
  rows: rows as unknown[],
})

describe('rowsAsObjects', () => {
  it('names each value by its column, in order', () => {
    const answer = rowsAsObjects(
      'select a, b',
      result(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, null],
        ],
      ),
    )
    expect(answer.rows).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: null },
    ])
  })

  it('keeps the last value of a repeated name, as pg does', () => {
    const answer = rowsAsObjects('select 1 as id, 2 as id', result(['id', 'id'], [[1, 2]]))
    expect(answer.rows).toEqual([{ id: 2 }])
  })

  it('takes any column name as a name, quotes and code included', () => {
    const names = ['he said "hi"', "x'); throw 1; ('", '__proto__', '\\']
    const answer = rowsAsObjects('select odd names', result(names, [[1, 2, 3, 4]]))
    const [row] = answer.rows as Array<Record<string, unknown>>
    expect(Object.keys(row ?? {})).toEqual(names)
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype)
  })

  it('follows a statement whose columns changed', () => {
    expect(rowsAsObjects('select * from t', result(['a'], [[1]])).rows).toEqual([{ a: 1 }])
    expect(rowsAsObjects('select * from t', result(['a', 'b'], [[1, 2]])).rows).toEqual([{ a: 1, b: 2 }])
  })

  it('builds the rows of every result of a query of several statements', () => {
    const answer = rowsAsObjects('select 1 as a; select 2 as b', [
      result(['a'], [[1]]),
      result(['b'], [[2]]),
      result([], []),
    ])
    expect(answer.map((part) => part.rows)).toEqual([[{ a: 1 }], [{ b: 2 }], []])
  })
})
