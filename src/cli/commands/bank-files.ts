import { open } from 'node:fs/promises'
import type { Command } from 'commander'
import { limits } from '../../kernel/limits.js'
import { bankFileImportAnswer } from '../../modules/bank-statements/bank-file-answer.js'
import type { StatementFormat } from '../../modules/bank-statements/read-statement-file.js'
import {
  CliFailure,
  type CliIo,
  printJson,
  requireUuid,
  terminalProgress,
  unwrap,
  withCore,
} from '../shared.js'

const bankFileFormats = ['AUTO', 'OFX', 'CAMT053', 'MT940', 'QIF', 'CSV'] as const

interface ImportOptions {
  orgId: string
  accountId: string
  format: string
  csvProfileId?: string
  dateFormat?: string
  dryRun?: boolean
}

export function addBankFileCommands(program: Command, io: CliIo): void {
  const bankFile = program
    .command('bank-file')
    .description('Bank statement files (OFX, camt.053, MT940, QIF, CSV).')
  bankFile
    .command('import')
    .description("Import a statement file's rows into a payment account; prints the import's payload.")
    .argument('<file>', 'the statement file, up to 20 MiB')
    .requiredOption('--org-id <id>', 'the organization id')
    .requiredOption('--account-id <id>', 'the payment account the statement is of')
    .option('--format <format>', `${bankFileFormats.join(', ')}; AUTO tells it from the content`, 'AUTO')
    .option('--csv-profile-id <id>', "the account's saved CSV import profile to read a CSV file with")
    .option(
      '--date-format <format>',
      'YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY or YYYYMMDD, for QIF and CSV',
    )
    .option('--dry-run', 'judge every row and report it, writing nothing')
    .action((filePath: string, options: ImportOptions) => importBankFile(io, filePath, options))
}

async function importBankFile(io: CliIo, filePath: string, options: ImportOptions): Promise<void> {
  const organizationId = requireUuid('--org-id', options.orgId)
  const paymentAccountId = requireUuid('--account-id', options.accountId)
  const csvProfileId =
    options.csvProfileId === undefined ? null : requireUuid('--csv-profile-id', options.csvProfileId)
  const format = bankFileFormat(options.format)
  const bytes = await readBankFileFromDisk(filePath)
  await withCore(async (core) => {
    // Only a file near the row cap runs long enough for a progress line to help.
    const progress = terminalProgress()
    const outcome = unwrap(
      await core.services.bankFiles
        .importAsOperator(
          organizationId,
          bytes,
          {
            paymentAccountId,
            format,
            csvProfileId,
            dateFormat: options.dateFormat ?? null,
            dryRun: options.dryRun ?? false,
          },
          progress.report,
        )
        .finally(progress.end),
    )
    printJson(io, { success: true, error: null, errorCode: null, ...bankFileImportAnswer(outcome) })
  })
}

function bankFileFormat(value: string): StatementFormat | 'AUTO' {
  const format = bankFileFormats.find((known) => known === value.toUpperCase())
  if (!format)
    throw new CliFailure(
      `--format must be one of ${bankFileFormats.join(', ')}, not ${JSON.stringify(value)}.`,
    )
  return format
}

/** Read in pieces so a file that grows, or a device that never ends, stops at the cap. */
const bankFileReadChunkBytes = 1024 * 1024

/** The bytes of a statement file on disk, refused past the upload cap before it is read whole. */
async function readBankFileFromDisk(filePath: string): Promise<Uint8Array> {
  const cannotRead = (error: unknown) =>
    new CliFailure(`Cannot read ${filePath}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`)
  const tooLarge = () =>
    new CliFailure(
      `${filePath} is larger than ${limits.uploadBytesMax / (1024 * 1024)} MiB, the most a statement file may be.`,
    )
  const handle = await open(filePath, 'r').catch((error: unknown) => {
    throw cannotRead(error)
  })
  try {
    const stats = await handle.stat()
    if (stats.size > limits.uploadBytesMax) throw tooLarge()
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const chunk = Buffer.alloc(bankFileReadChunkBytes)
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null).catch((error: unknown) => {
        throw cannotRead(error)
      })
      if (bytesRead === 0) break
      total += bytesRead
      if (total > limits.uploadBytesMax) throw tooLarge()
      chunks.push(chunk.subarray(0, bytesRead))
    }
    return Buffer.concat(chunks, total)
  } finally {
    await handle.close()
  }
}
