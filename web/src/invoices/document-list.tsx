import type { DocumentSummaryFragment } from '../api/generated/invoices'
import { groupDigits } from '../format/money'
import { todayUtc } from '../reports/periods'
import { isUnsettled, statusLabel } from './document-sides'

export const documentsPageSize = 50

/** A page of documents; a number opens the document below the list. */
export function DocumentList(props: {
  label: string
  documents: readonly DocumentSummaryFragment[]
  opened: string | null
  onOpen: (invoiceId: string) => void
}) {
  if (props.documents.length === 0) return <p class="muted">No document matches.</p>
  const today = todayUtc()
  return (
    <div class="table-frame">
      <table class="settings-table" aria-label={props.label}>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Contact</th>
            <th scope="col">Issued</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            <th scope="col" class="number">
              Total
            </th>
            <th scope="col" class="number">
              Amount due
            </th>
          </tr>
        </thead>
        <tbody>
          {props.documents.map((document) => (
            <tr key={document.id}>
              <th scope="row">
                <button
                  type="button"
                  class="link-button"
                  aria-expanded={props.opened === document.id}
                  aria-controls="document-detail"
                  onClick={() => props.onOpen(document.id)}
                >
                  {document.number}
                </button>
              </th>
              <td>{document.contact.displayName}</td>
              <td>{document.issueDate}</td>
              <td>
                {document.dueDate}
                {isUnsettled(document.status) && document.dueDate < today && (
                  <span class="badge warning">Overdue</span>
                )}
              </td>
              <td>{statusLabel(document.status)}</td>
              <td class="number">
                {groupDigits(document.total)} {document.currency}
              </td>
              <td class="number">{groupDigits(document.amountDue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Where the page is among them all, and the way to the next and the previous. */
export function Paging(props: {
  offset: number
  shown: number
  totalCount: number
  onOffset: (offset: number) => void
}) {
  const { offset, shown, totalCount } = props
  if (totalCount === 0) return null
  return (
    <div class="inline-form paging">
      <p class="muted">
        {offset + 1}–{offset + shown} of {totalCount}
      </p>
      {offset > 0 && (
        <button type="button" onClick={() => props.onOffset(Math.max(0, offset - documentsPageSize))}>
          Previous page
        </button>
      )}
      {offset + shown < totalCount && (
        <button type="button" onClick={() => props.onOffset(offset + documentsPageSize)}>
          Next page
        </button>
      )}
    </div>
  )
}
