import { useClient, useQuery } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { ReceiptsInboxDocument, type ReceiptsInboxQuery } from '../api/generated/receipts'
import { PageSection } from '../components/page-section'
import { shortDateTime } from '../format/dates'
import type { ScreenProps } from '../navigation/lazy-screen'
import { useRights } from '../session/rights'
import { AttachToEvent } from './attach-to-event'
import { UploadDropZone, type UploadItem } from './upload-drop-zone'

type Receipt = NonNullable<ReceiptsInboxQuery['listReceipts']>['items'][number]

const receiptsShown = 50
// While a receipt is still being read the list is asked again this often, so its fields appear
// without a reload.
const refreshWhileReadingMs = 2_000

/**
 * The receipts inbox: files dropped here are uploaded and wait (in this page) to be attached to
 * an event, which makes them receipts that Daybook then reads; receipts that arrived by mail or
 * text message are listed with what was read from them, or why they could not be read.
 */
export function ReceiptsScreen({ organization, session }: ScreenProps) {
  const organizationId = organization.id
  const client = useClient()
  const { writes } = useRights()
  const [list, refresh] = useQuery({
    query: ReceiptsInboxDocument,
    variables: { organizationId, limit: receiptsShown },
  })
  const [uploads, setUploads] = useState<UploadItem[]>([])

  const receipts = list.data?.listReceipts?.items ?? []
  const reading = receipts.some(isBeingRead)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer arms the next wait
  useEffect(() => {
    if (!reading) return
    const timer = window.setTimeout(() => refresh({ requestPolicy: 'network-only' }), refreshWhileReadingMs)
    return () => window.clearTimeout(timer)
  }, [reading, list.data, refresh])

  function attached(upload: UploadItem) {
    setUploads((items) => items.filter((item) => item !== upload))
    refresh({ requestPolicy: 'network-only' })
  }

  return (
    <div class="page-screen receipts-screen">
      <h1>Receipts</h1>
      {writes && (
        <UploadDropZone
          organizationId={organizationId}
          session={session}
          uploads={uploads}
          onChange={setUploads}
        />
      )}
      {uploads.some((upload) => upload.state.kind === 'uploaded') && (
        <PageSection
          id="to-attach"
          title="Uploaded, to attach"
          description="Attach each file to its event; Daybook then reads the vendor, total and date from it."
        >
          <ul class="receipt-list">
            {uploads.map((upload) =>
              upload.state.kind === 'uploaded' ? (
                <li key={upload.id} class="receipt-item">
                  <span class="receipt-file">{upload.state.file.filename}</span>
                  <AttachToEvent
                    client={client}
                    organizationId={organizationId}
                    s3Key={upload.state.file.s3Key}
                    filename={upload.state.file.filename}
                    onAttached={() => attached(upload)}
                  />
                </li>
              ) : null,
            )}
          </ul>
        </PageSection>
      )}
      <PageSection
        id="received"
        title="Received receipts"
        description="The newest first. A receipt is read once it arrives; one that matches a single event by amount and date is attached to it."
        loadError={list.error}
      >
        {receipts.length === 0 && !list.fetching && !list.error && <p>No receipts yet.</p>}
        <ul class="receipt-list">
          {receipts.map((receipt) => (
            <li key={receipt.id} class="receipt-item" data-receipt-id={receipt.id}>
              <div class="receipt-summary">
                <span class="receipt-file">{receipt.filename}</span>
                <span class="muted">
                  {sourceWords[receipt.source] ?? receipt.source} · {shortDateTime(receipt.uploadedAt)}
                </span>
                <ReceiptStatus receipt={receipt} />
              </div>
              <ReadFields receipt={receipt} />
              {receipt.event ? (
                <p class="receipt-event">
                  Attached to <strong>{receipt.event.merchantName}</strong> (
                  {receipt.event.status.replace('_', ' ')})
                </p>
              ) : (
                writes &&
                receipt.status !== 'rejected' && (
                  <AttachToEvent
                    client={client}
                    organizationId={organizationId}
                    s3Key={receipt.s3Key}
                    filename={receipt.filename}
                    onAttached={() => refresh({ requestPolicy: 'network-only' })}
                  />
                )
              )}
            </li>
          ))}
        </ul>
      </PageSection>
    </div>
  )
}

const sourceWords: Record<string, string> = {
  web_upload: 'Uploaded',
  email: 'By email',
  sms: 'By text message',
  mailbox_scan: 'Mailbox scan',
  cloud_drive: 'Cloud drive',
}

function nothingRead(receipt: Receipt): boolean {
  return receipt.vendorName === null && receipt.amount === null && receipt.receiptDate === null
}

/** A receipt Daybook has not finished reading, whatever its review status. */
function isBeingRead(receipt: Receipt): boolean {
  return receipt.status !== 'rejected' && receipt.extractionStatus === 'pending'
}

function ReceiptStatus({ receipt }: { receipt: Receipt }) {
  if (receipt.extractionStatus === 'failed') return <span class="badge warning">Failed</span>
  if (receipt.status === 'draft' || isBeingRead(receipt)) return <span class="badge muted">Reading…</span>
  if (receipt.status === 'rejected') return <span class="badge muted">Rejected</span>
  if (receipt.extractionStatus === 'nothing_found') return <span class="badge muted">Nothing read</span>
  return <span class="badge">{receipt.status === 'reviewed' ? 'Processed · reviewed' : 'Processed'}</span>
}

function ReadFields({ receipt }: { receipt: Receipt }) {
  if (receipt.extractionError !== null) {
    return (
      <p class="receipt-error" role="alert">
        Could not be read: {receipt.extractionError}
      </p>
    )
  }
  if (nothingRead(receipt)) return null
  return (
    <dl class="read-fields" aria-label={`Read from ${receipt.filename}`}>
      <div>
        <dt>Vendor</dt>
        <dd>{receipt.vendorName ?? 'not found'}</dd>
      </div>
      <div>
        <dt>Total</dt>
        {/* The API gives a receipt's total as a JSON number; it is shown to the cent, not added up. */}
        <dd class="number">{receipt.amount === null ? 'not found' : receipt.amount.toFixed(2)}</dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>{receipt.receiptDate ?? 'not found'}</dd>
      </div>
    </dl>
  )
}
