import { readdirSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { CriticalityLevel, diff } from '@graphql-inspector/core'
import { buildSchema } from 'graphql'

// The contract's guard (docs/versioning.md): the schema of the last release is kept in
// docs/contract/, and a change to schema.graphql that breaks a client of that release must be
// listed, by its path, in the changelog's Unreleased section before it lands.

const contractDir = new URL('../docs/contract/', import.meta.url)
const schemaPath = new URL('../schema.graphql', import.meta.url)
export const changelogPath = new URL('../CHANGELOG.md', import.meta.url)

/** The newest released schema kept, by semantic version. */
export function lastRelease(): { version: string; sdl: string } {
  const versions = readdirSync(contractDir)
    .map((name) => /^schema-(\d+)\.(\d+)\.(\d+)\.graphql$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({
      version: `${match[1]}.${match[2]}.${match[3]}`,
      parts: match.slice(1, 4).map(Number),
    }))
    .sort(
      (x, y) =>
        (x.parts[0] ?? 0) - (y.parts[0] ?? 0) ||
        (x.parts[1] ?? 0) - (y.parts[1] ?? 0) ||
        (x.parts[2] ?? 0) - (y.parts[2] ?? 0),
    )
  const newest = versions.at(-1)
  if (!newest) throw new Error('docs/contract holds no released schema')
  return {
    version: newest.version,
    sdl: readFileSync(new URL(`schema-${newest.version}.graphql`, contractDir), 'utf8'),
  }
}

/** The text of the changelog's Unreleased section. */
export function unreleasedNotes(changelog: string = readFileSync(changelogPath, 'utf8')): string {
  const start = changelog.indexOf('## [Unreleased]')
  if (start < 0) return ''
  const next = changelog.indexOf('\n## [', start + 1)
  return changelog.slice(start, next < 0 ? undefined : next)
}

export interface ContractChange {
  path: string
  message: string
  level: 'breaking' | 'dangerous'
}

/** What changed since the last release that a client could notice: breaking and dangerous changes. */
export async function changesSinceRelease(
  released: string = lastRelease().sdl,
  current: string = readFileSync(schemaPath, 'utf8'),
): Promise<ContractChange[]> {
  const changes = await diff(buildSchema(released), buildSchema(current))
  return changes.flatMap((change): ContractChange[] => {
    const level =
      change.criticality.level === CriticalityLevel.Breaking
        ? 'breaking'
        : change.criticality.level === CriticalityLevel.Dangerous
          ? 'dangerous'
          : undefined
    return level ? [{ path: change.path ?? change.message, message: change.message, level }] : []
  })
}

/** The breaking changes whose path the changelog's Unreleased section does not name in backticks. */
export async function unlistedBreakingChanges(
  notes: string = unreleasedNotes(),
  changes?: ContractChange[],
): Promise<ContractChange[]> {
  const found = changes ?? (await changesSinceRelease())
  return found.filter((change) => change.level === 'breaking' && !notes.includes(`\`${change.path}\``))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { version } = lastRelease()
  const changes = await changesSinceRelease()
  for (const change of changes) console.log(`${change.level}: ${change.path}: ${change.message}`)
  const unlisted = await unlistedBreakingChanges(unreleasedNotes(), changes)
  if (unlisted.length > 0) {
    console.error(
      `${unlisted.length} breaking change(s) since ${version} not listed in CHANGELOG.md's Unreleased section: ${unlisted.map((c) => c.path).join(', ')}`,
    )
    process.exit(1)
  }
  console.log(
    `schema.graphql against ${version}: ${changes.length} change(s) a client could notice, all listed.`,
  )
}
