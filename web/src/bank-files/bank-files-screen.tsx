import { useQuery } from '@urql/preact'
import { useState } from 'preact/hooks'
import { PaymentAccountsDocument, type PaymentAccountsQuery } from '../api/generated/bank-files'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import type { ScreenProps } from '../navigation/lazy-screen'
import { UploadDropZone } from '../receipts/upload-drop-zone'
import { useRights } from '../session/rights'
import { CsvProfilesSection } from './csv-profiles-section'
import { type Step, useStatementImport } from './statement-import'
import { StatementPreview } from './statement-preview'

type PaymentAccount = NonNullable<PaymentAccountsQuery['listAccounts']>['items'][number]

// The account types a statement may be imported into: the API's payment accounts.
const paymentTypes = new Set(['bank', 'credit_card'])
const accountsMax = 200

/**
 * Bank statement files (OFX, QFX, camt.053, MT940, QIF, CSV): choose the account, drop the file,
 * read the preview the API's dry run gives (each row with its duplicate verdict, and the file's
 * own balance arithmetic), then import it. Nothing is written before the import.
 */
export function BankFilesScreen({ organization, session }: ScreenProps) {
  const organizationId = organization.id
  const { writes } = useRights()
  const [accounts] = useQuery({
    query: PaymentAccountsDocument,
    variables: { organizationId, limit: accountsMax },
  })
  const [accountId, setAccountId] = useState('')
  const { uploads, setUploads, step, error, importFile, startOver } = useStatementImport(
    organizationId,
    accountId,
  )

  const choices = (accounts.data?.listAccounts?.items ?? []).filter(
    (account) => account.active && paymentTypes.has(account.accountType),
  )
  const chosen = choices.find((account) => account.id === accountId)

  return (
    <div class="page-screen bank-files-screen">
      <h1>Bank files</h1>
      <PageSection
        id="statement"
        title={writes ? 'Import a statement' : 'Statement accounts'}
        description={
          writes
            ? 'OFX, QFX, camt.053, MT940, QIF or CSV, as the bank gives it. You see every row before anything is imported.'
            : 'Choose an account to see how its bank’s CSV exports read. Your role reads the books and imports nothing.'
        }
        loadError={accounts.error}
      >
        <StatementAccountField
          choices={choices}
          accountId={accountId}
          onChange={(chosenId) => {
            setAccountId(chosenId)
            startOver()
          }}
        />
        {writes && accountId && (
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
        <StatementImportStatus step={step} />
      </PageSection>
      {step.kind === 'preview' && (
        <StatementPreview
          filename={step.filename}
          preview={step.preview}
          onImport={() => importFile(step.filename, step.s3Key)}
          onCancel={startOver}
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

function StatementAccountField(props: {
  choices: PaymentAccount[]
  accountId: string
  onChange: (accountId: string) => void
}) {
  return (
    <div class="inline-form">
      <div class="field">
        <label for="statement-account">Account the statement is for</label>
        <select
          id="statement-account"
          value={props.accountId}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        >
          <option value="">Choose an account</option>
          {props.choices.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
              {account.lastFour ? ` ··${account.lastFour}` : ''}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

/** Where the file is on its way in, said as it changes. */
function StatementImportStatus({ step }: { step: Step }) {
  return (
    <>
      {step.kind === 'previewing' && <p role="status">Reading {step.filename}…</p>}
      {step.kind === 'importing' && <p role="status">Importing {step.filename}…</p>}
      {step.kind === 'imported' && (
        <p role="status" class="saved-note">
          {`Imported ${step.importedCount} ${step.importedCount === 1 ? 'row' : 'rows'} from ${step.filename}, `}
          {`skipped ${step.skippedCount} ${step.skippedCount === 1 ? 'duplicate' : 'duplicates'}. `}
          The new events wait in the review queue.
        </p>
      )}
    </>
  )
}
