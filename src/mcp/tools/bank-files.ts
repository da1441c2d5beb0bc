import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { limits } from '../../kernel/limits.js'
import { answer, refusal } from '../tool-answer.js'
import { type DaybookCalls, id, payloadFields, type ToolServer, uploadMade, writes } from './shared.js'

const bankFileFields = `${payloadFields} format encoding currency importedCount skippedCount
  rows { rowIndex position transactionDate description amount eventType direction memo reference
    isDuplicate isPossibleDuplicate duplicateReason matchingEventId }
  balanceCheck { openingBalance closingBalance closingDate entriesTotal difference balanced }
  statementAccountId accountMismatch
  suggestedCsvProfile { name delimiter encoding hasHeader skipLines dateColumn dateFormat amountColumn
    inflowColumn outflowColumn descriptionColumn payeeColumn memoColumn referenceColumn decimalMark flipSign }`

const importBankFileDocument = `mutation ($organizationId: UUID!, $paymentAccountId: UUID!, $s3Key: String!, $format: BankFileFormat,
      $csvProfileId: UUID, $dateFormat: String, $dryRun: Boolean) {
    importBankStatementFile(organizationId: $organizationId, paymentAccountId: $paymentAccountId, s3Key: $s3Key,
        format: $format, csvProfileId: $csvProfileId, dateFormat: $dateFormat, dryRun: $dryRun) { ${bankFileFields} } }`

const bankFileInput = {
  paymentAccountId: id('The bank or card account the statement is of (list_accounts)'),
  format: z
    .enum(['AUTO', 'OFX', 'CAMT053', 'MT940', 'QIF', 'CSV'])
    .optional()
    .describe('AUTO (the default) tells the format from the content.'),
  csvProfileId: id(
    "A saved CSV import profile of the account, for a CSV file; else the account's own",
  ).optional(),
  dateFormat: z
    .string()
    .optional()
    .describe('For QIF and CSV files: YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY or YYYYMMDD.'),
  rowsShown: z
    .number()
    .int()
    .min(0)
    .max(limits.rowsPerImportMax)
    .optional()
    .describe(`Statement rows to show in the answer, ${limits.mcpBankFileRowsShownDefault} by default.`),
}

type BankFileArgs = {
  paymentAccountId: string
  format?: string | undefined
  csvProfileId?: string | undefined
  dateFormat?: string | undefined
  rowsShown?: number | undefined
  filePath?: string | undefined
  s3Key?: string | undefined
}

/** A bank's statement file, judged row by row (dryRun) or imported. */
export function registerBankFileTools(server: ToolServer, calls: DaybookCalls): void {
  server.registerTool(
    'preview_bank_file',
    {
      title: 'Preview a bank statement file',
      description:
        "Reads a bank's statement file (OFX/QFX, camt.053, MT940, QIF or CSV) from this machine, uploads it and judges every row without importing anything (importBankStatementFile with dryRun): each row's date, description, amount and direction, whether it duplicates an event already in the books, and the statement's balance check. For a CSV without a saved profile it suggests one. The answer's upload.s3Key can be given to import_bank_file to import exactly the file previewed.",
      inputSchema: {
        filePath: z
          .string()
          .describe(
            'The statement file (.ofx .qfx .qbo .xml .sta .mt940 .940 .qif .csv .tsv .txt), in the folder the operator allows (DAYBOOK_MCP_FILES_DIR); a relative path is taken from that folder. At most 20 MiB.',
          ),
        ...bankFileInput,
      },
      annotations: writes({ destructiveHint: false, idempotentHint: true }),
    },
    (args) => bankFile(calls, args, true),
  )

  server.registerTool(
    'import_bank_file',
    {
      title: 'Import a bank statement file',
      description:
        'Imports a statement file into the payment account (importBankStatementFile): one needs_review event per row that is not a duplicate, all or nothing. Give filePath (a file on this machine, uploaded first) or s3Key (the upload.s3Key of preview_bank_file, to import what was previewed). Preview first: importedCount and skippedCount say what happened.',
      inputSchema: {
        filePath: z
          .string()
          .optional()
          .describe('The statement file, in the folder the operator allows (DAYBOOK_MCP_FILES_DIR).'),
        s3Key: z
          .string()
          .optional()
          .describe('The key of a file already uploaded (preview_bank_file answers it).'),
        ...bankFileInput,
      },
      annotations: writes({ destructiveHint: false, idempotentHint: true }),
    },
    (args) => bankFile(calls, args, false),
  )
}

async function bankFile(
  { ask, stored }: DaybookCalls,
  args: BankFileArgs,
  dryRun: boolean,
): Promise<CallToolResult> {
  const file = await stored(args, 'statement')
  if (!file.ok) return refusal(file.error)
  const { rowsShown = limits.mcpBankFileRowsShownDefault, filePath: _path, s3Key: _key, ...options } = args
  const data = await ask<{
    importBankStatementFile: { rows?: Array<{ isDuplicate: boolean; isPossibleDuplicate: boolean }> } | null
  }>(importBankFileDocument, { ...options, s3Key: file.value.s3Key, dryRun }, { mutation: true })
  if (!data.ok) return refusal(data.error)
  const payload = data.value.importBankStatementFile
  const rows = payload?.rows ?? []
  // A statement may hold 10,000 rows: the counts stand for all of them, the list for the first few.
  return answer({
    ...uploadMade(file.value),
    importBankStatementFile: payload && { ...payload, rows: rows.slice(0, rowsShown) },
    rowSummary: {
      rows: rows.length,
      duplicates: rows.filter((row) => row.isDuplicate).length,
      possibleDuplicates: rows.filter((row) => row.isPossibleDuplicate).length,
      shown: Math.min(rows.length, rowsShown),
    },
  })
}
