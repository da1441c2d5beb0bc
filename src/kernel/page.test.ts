// Every list pages the same way: defaults, the clamp, refusals and escaped search text.
import { describe, expect, it } from 'vitest'
import { likeContains, parsePageRequest } from './page.js'

const fields = ['name', 'createdAt'] as const
const defaults = { sortBy: 'name' as const, sortDir: 'asc' as const }

describe('parsePageRequest', () => {
  it('applies the defaults', () => {
    expect(parsePageRequest({}, fields, defaults)).toEqual({
      ok: true,
      value: { limit: 25, offset: 0, sortBy: 'name', sortDir: 'asc' },
    })
  })

  it('clamps the page size to 200', () => {
    const parsed = parsePageRequest({ limit: 5000 }, fields, defaults)
    expect(parsed.ok && parsed.value.limit).toBe(200)
  })

  it.each([
    [{ limit: 0 }, 'INVALID_LIMIT'],
    [{ limit: -1 }, 'INVALID_LIMIT'],
    [{ offset: -1 }, 'INVALID_OFFSET'],
    [{ sortBy: 'password' }, 'INVALID_SORT'],
    [{ sortDir: 'up' }, 'INVALID_SORT'],
  ])('refuses %j', (args, code) => {
    const parsed = parsePageRequest(args, fields, defaults)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error.code).toBe(code)
  })
})

describe('likeContains', () => {
  it('escapes pattern characters and folds case', () => {
    expect(likeContains('50%_Off\\')).toBe('%50\\%\\_off\\\\%')
    expect(likeContains('ÉCOLE')).toBe('%école%')
  })
})
