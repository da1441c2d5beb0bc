import { fail, ok, type Result } from '../../kernel/result.js'
import { type CsvDateFormat, type CsvProfile, suggestCsvProfile } from './csv-reader.js'
import type { DateOrder } from './qif-reader.js'
import {
  openStatementFile,
  type ReadStatement,
  readOpenedStatement,
  type StatementFormat,
} from './read-statement-file.js'
import { isSizeRefusal } from './statement-file.js'
import type { StatementEncoding } from './statement-text.js'

// All the reading one statement file takes, from its bytes and what the caller knows of it, in
// one pure step: the reader thread runs it, and nothing in it needs the database.

export interface CsvReading {
  profile: CsvProfile
  encoding: StatementEncoding | null
}

export interface ReadStatementJob {
  bytes: Uint8Array
  format?: StatementFormat | undefined
  dateFormat?: CsvDateFormat | undefined
  /**
   * For a CSV file: the profile the caller chose (alone, `chosen`), else the account's saved
   * profiles, tried in turn; with none that reads it, a dry run may guess one (`suggest`).
   */
  csv: { profiles: CsvReading[]; chosen: boolean; suggest: boolean }
  /** Only the closing balance is wanted: a QIF or CSV file, which states none, is not read. */
  closingOnly?: boolean
}

export interface ReadStatementOutcome {
  format: StatementFormat
  /** Undefined only for a closing-only job on a file that states no balances. */
  read: ReadStatement | undefined
  /** The profile a CSV file was read with when it was guessed. */
  suggested: CsvProfile | undefined
}

/** QIF dates do not say their order; the caller's dateFormat does. */
const dateOrderOf: Record<CsvDateFormat, DateOrder> = {
  'YYYY-MM-DD': 'YMD',
  YYYYMMDD: 'YMD',
  'MM/DD/YYYY': 'MDY',
  'DD/MM/YYYY': 'DMY',
  'DD.MM.YYYY': 'DMY',
}

export function readStatementJob(job: ReadStatementJob): Result<ReadStatementOutcome> {
  const withDate = (profile: CsvProfile): CsvProfile =>
    job.dateFormat ? { ...profile, dateFormat: job.dateFormat } : profile
  const chosen = job.csv.chosen ? job.csv.profiles[0] : undefined
  const opened = openStatementFile(job.bytes, { format: job.format, csvEncoding: chosen?.encoding })
  if (!opened.ok) return opened
  const { format } = opened.value
  const outcome = (read: ReadStatement, suggested?: CsvProfile) => ok({ format, read, suggested })
  if (job.closingOnly && (format === 'QIF' || format === 'CSV')) {
    return ok({ format, read: undefined, suggested: undefined })
  }
  if (format !== 'CSV') {
    const read = readOpenedStatement(opened.value, {
      dateOrder: job.dateFormat && dateOrderOf[job.dateFormat],
    })
    return read.ok ? outcome(read.value) : read
  }
  if (chosen) {
    const read = readOpenedStatement(opened.value, { csvProfile: withDate(chosen.profile) })
    return read.ok ? outcome(read.value) : read
  }
  let firstFailure: Result<never> | undefined
  for (const saved of job.csv.profiles) {
    // A saved profile's encoding was not applied when the file was opened, so it opens again.
    const reopened = saved.encoding
      ? openStatementFile(job.bytes, { csvEncoding: saved.encoding })
      : ok(opened.value)
    if (!reopened.ok) continue
    const read = readOpenedStatement(reopened.value, { csvProfile: withDate(saved.profile) })
    if (read.ok) return outcome(read.value)
    // A file too big for one profile is too big for them all.
    if (isSizeRefusal(read.error)) return read
    firstFailure ??= read
  }
  if (firstFailure) return firstFailure
  if (!job.csv.suggest) {
    return fail(
      'CSV_PROFILE_REQUIRED',
      'A CSV file is imported through a profile: run a dry run for a suggested one, save it with createCsvImportProfile, and pass its csvProfileId.',
      'csvProfileId',
    )
  }
  const guessed = withDate(suggestCsvProfile(opened.value.text))
  const read = readOpenedStatement(opened.value, { csvProfile: guessed })
  return read.ok ? outcome(read.value, guessed) : read
}
