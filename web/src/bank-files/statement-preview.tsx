import { PageSection } from '../components/page-section'
import { groupDigits, signedAmount } from '../format/money'
import type { Preview } from './statement-import'

const duplicateWords: Record<string, string> = {
  reference: "the bank's reference matches an event already in the books",
  exact: 'an event with the same date, amount and description is already in the books',
  same_date_amount: 'an event with the same date and amount is already in the books',
}

/** The API's dry run of a statement: every row with its duplicate verdict, and the file's own sums. */
export function StatementPreview(props: {
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
