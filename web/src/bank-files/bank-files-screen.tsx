import { useClient, useQuery } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import {
  ImportBankFileDocument,
  type ImportBankFileMutation,
  PaymentAccountsDocument,
} from '../api/generated/bank-files'
import { mutate } from '../api/mutate'
import type { UploadedFile } from '../api/upload'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import { groupDigits, signedAmount } from '../format/money'
import type { ScreenProps } from '../navigation/lazy-screen'
import { UploadDropZone, type UploadItem } from '../receipts/upload-drop-zone'
import { CsvProfilesSection } from './csv-profiles-section'

type Preview = NonNullable<ImportBankFileMutation['importBankStatementFile']>

// The account types a statement may be imported into: the API's payment accounts.
const paymentTypes = new Set(['bank', 'credit_card'])
const accountsMax = 200

const duplicateWords: Record<string, string> = {
  reference: "the bank's reference matches an event already in the books",
  exact: 'an event with the same date, amount and description is already in the books',
  same_date_amount: 'an event with the same date and amount is already in the books',
}

type Step =
  | { kind: 'choose' }
  | { kind: 'previewing'; filename: string }
  | { kind: 'preview'; filename: string; s3Key: string; preview: Preview }
  | { kind: 'importing'; filename: string }
  | { kind: 'imported'; filename: string; importedCount: number; skippedCount: number }

/**
 * Bank statement files (OFX, QFX, camt.053, MT940, QIF, CSV): choose the account, drop the file,
 * read the preview the API's dry run gives (each row with its duplicate verdict, and the file's
 * own balance arithmetic), then import it. Nothing is written before the import.
 */
export function BankFilesScreen({ organization, session }: ScreenProps) {
  const organizationId = organization.id
  const client = useClient()
  const [accounts] = useQuery({
    query: PaymentAccountsDocument,
    variables: { organizationId, limit: accountsMax },
  })
  const [accountId, setAccountId] = useState('')
  const [uploads, setUploads] = useState<UploadItem[]>([])
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [error, setError] = useState<string | null>(null)

  const choices = (accounts.data?.listAccounts?.items ?? []).filter(
    (account) => account.active && paymentTypes.has(account.accountType),
  )
  const chosen = choices.find((account) => account.id === accountId)

  // A statement is previewed as soon as its upload is stored.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new upload starts a preview
  useEffect(() => {
    const uploaded = uploads.find((item) => item.state.kind === 'uploaded')
    if (uploaded?.state.kind === 'uploaded') void preview(uploaded.state.file)
  }, [uploads])

  async function preview(file: UploadedFile) {
    const { s3Key, filename } = file
    setUploads([])
    setError(null)
    setStep({ kind: 'previewing', filename })
    const outcome = await mutate(
      client,
      ImportBankFileDocument,
      { organizationId, paymentAccountId: accountId, s3Key, dryRun: true },
      (data) => data.importBankStatementFile,
    )
    if (!outcome.ok) {
      setError(`${filename} could not be read: ${outcome.error}`)
      return setStep({ kind: 'choose' })
    }
    setStep({ kind: 'preview', filename, s3Key, preview: outcome.value })
  }

  async function importFile(filename: string, s3Key: string) {
    setError(null)
    setStep({ kind: 'importing', filename })
    const outcome = await mutate(
      client,
      ImportBankFileDocument,
      { organizationId, paymentAccountId: accountId, s3Key, dryRun: false },
      (data) => data.importBankStatementFile,
    )
    if (!outcome.ok) {
      setError(`${filename} was not imported: ${outcome.error}`)
      return setStep({ kind: 'choose' })
    }
    const { importedCount, skippedCount } = outcome.value
    setStep({ kind: 'imported', filename, importedCount, skippedCount })
  }

  return (
    <div class="page-screen bank-files-screen">
      <h1>Bank files</h1>
      <PageSection
        id="statement"
        title="Import a statement"
        description="OFX, QFX, camt.053, MT940, QIF or CSV, as the bank gives it. You see every row before anything is imported."
        loadError={accounts.error}
      >
        <div class="inline-form">
          <div class="field">
            <label for="statement-account">Account the statement is for</label>
            <select
              id="statement-account"
              value={accountId}
              onChange={(event) => {
                setAccountId(event.currentTarget.value)
                setStep({ kind: 'choose' })
              }}
            >
              <option value="">Choose an account</option>
              {choices.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                  {account.lastFour ? ` ··${account.lastFour}` : ''}
                </option>
              ))}
            </select>
          </div>
        </div>
        {accountId && (
          <UploadDropZone
            organizationId={organizationId}
            session={session}
            uploads={uploads}
            zoneLabel="Upload a statement file"
            label="Drop the statement file here."
            accept=".ofx,.qfx,.xml,.sta,.mt940,.qif,.csv,.txt"
            onChange={setUploads}
          />
        )}
        {error && <ErrorText>{error}</ErrorText>}
        {step.kind === 'previewing' && <p role="status">Reading {step.filename}…</p>}
        {step.kind === 'importing' && <p role="status">Importing {step.filename}…</p>}
        {step.kind === 'imported' && (
          <p role="status" class="saved-note">
            {`Imported ${step.importedCount} ${step.importedCount === 1 ? 'row' : 'rows'} from ${step.filename}, `}
            {`skipped ${step.skippedCount} ${step.skippedCount === 1 ? 'duplicate' : 'duplicates'}. `}
            The new events wait in the review queue.
          </p>
        )}
      </PageSection>
      {step.kind === 'preview' && (
        <StatementPreview
          filename={step.filename}
          preview={step.preview}
          onImport={() => importFile(step.filename, step.s3Key)}
          onCancel={() => setStep({ kind: 'choose' })}
        />
      )}
      {chosen && (
        <CsvProfilesSection
          key={chosen.id}
          organizationId={organizationId}
          paymentAccountId={chosen.id}
          accountName={chosen.name}
          suggested={step.kind === 'preview' ? (step.preview.suggestedCsvProfile ?? null) : null}
        />
      )}
    </div>
  )
}

function StatementPreview(props: {
  filename: string
  preview: Preview
  onImport: () => void
  onCancel: () => void
}) {
  const { preview } = props
  const newRows = preview.rows.filter((row) => !row.isDuplicate).length
  const check = preview.balanceCheck
  return (
    <PageSection
      id="preview"
      title={`Preview of ${props.filename}`}
      description={`${preview.format ?? 'Unknown format'}, ${preview.encoding ?? 'unknown encoding'}, in ${preview.currency ?? 'the books’ currency'}: ${preview.rows.length} rows, ${newRows} new.`}
    >
      {preview.accountMismatch && (
        <p class="warning-note" role="alert">
          This file names another account ({preview.statementAccountId}) than the earlier imports into this
          one. Check that you chose the right account.
        </p>
      )}
      {check ? (
        <p class={check.balanced === false ? 'warning-note balance-check' : 'balance-check'}>
          <strong>Balance check: </strong>
          {check.openingBalance !== null && <>Opening {groupDigits(check.openingBalance)} + entries </>}
          {check.openingBalance === null && <>Entries </>}
          {check.entriesTotal} = {groupDigits(check.closingBalance)} closing
          {check.closingDate ? ` on ${check.closingDate}` : ''}
          {check.balanced === true && ': the statement adds up.'}
          {check.balanced === false && `: it is off by ${check.difference}.`}
          {check.balanced === null && '.'}
        </p>
      ) : (
        <p class="muted">The file states no balances to check.</p>
      )}
      <div class="table-frame">
        <table class="settings-table statement-rows">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col" class="number">
                Amount
              </th>
              <th scope="col">Reference</th>
              <th scope="col">Duplicate?</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.rowIndex} class={row.isDuplicate ? 'duplicate-row' : ''}>
                <td>{row.transactionDate}</td>
                <td>
                  {row.description}
                  {row.memo && <div class="muted">{row.memo}</div>}
                </td>
                <td class="number">{signedAmount(row.direction, row.amount)}</td>
                <td>{row.reference ?? ''}</td>
                <td>
                  {row.isDuplicate
                    ? `Skipped: ${duplicateWords[row.duplicateReason ?? ''] ?? 'already in the books'}`
                    : row.isPossibleDuplicate
                      ? `New, but maybe: ${duplicateWords[row.duplicateReason ?? ''] ?? 'a similar event exists'}`
                      : 'New'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="dialog-actions">
        <button type="button" class="primary" disabled={newRows === 0} onClick={props.onImport}>
          Import {newRows} new {newRows === 1 ? 'row' : 'rows'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </PageSection>
  )
}
