// schema.graphql breaks nothing of the last release's contract that the changelog does not list, and the guard finds a break when there is one.
import { describe, expect, it } from 'vitest'
import {
  changesSinceRelease,
  lastRelease,
  unlistedBreakingChanges,
  unreleasedNotes,
} from '../../scripts/contract-check.js'

describe('the contract since the last release', () => {
  it('lists in the changelog every breaking change to schema.graphql', async () => {
    const unlisted = await unlistedBreakingChanges()
    expect(
      unlisted.map((change) => `${change.path}: ${change.message}`),
      'list each under Unreleased in CHANGELOG.md, its path in backticks (docs/versioning.md)',
    ).toEqual([])
  })

  it('finds a removed field and an output made nullable, and accepts them once listed', async () => {
    const released = 'type Query { ping: String! old: Int }'
    const current = 'type Query { ping: String }'
    const changes = await changesSinceRelease(released, current)
    expect(
      changes
        .filter((c) => c.level === 'breaking')
        .map((c) => c.path)
        .sort(),
    ).toEqual(['Query.old', 'Query.ping'])
    expect(await unlistedBreakingChanges('## [Unreleased]\n', changes)).toHaveLength(2)
    const listed = '## [Unreleased]\n### Removed\n- `Query.old`\n### Changed\n- `Query.ping` may be null.\n'
    expect(await unlistedBreakingChanges(listed, changes)).toEqual([])
  })

  it('reads the newest release kept and only the Unreleased section', () => {
    expect(lastRelease().version).toMatch(/^\d+\.\d+\.\d+$/)
    const notes = unreleasedNotes('# Changelog\n## [Unreleased]\n- `A.b`\n## [0.1.0] - 2026-12-07\n- `C.d`\n')
    expect(notes).toContain('`A.b`')
    expect(notes).not.toContain('`C.d`')
  })
})
