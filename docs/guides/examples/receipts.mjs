// Receipts: upload a receipt, attach it to its event, and wait for Daybook to read it.
// Run: DAYBOOK_URL=http://127.0.0.1:4000 DAYBOOK_API_KEY=dbk_… node receipts.mjs
const baseUrl = process.env.DAYBOOK_URL ?? 'http://127.0.0.1:4000'
const apiKey = process.env.DAYBOOK_API_KEY
check(apiKey, 'set DAYBOOK_API_KEY to an API key (dbk_…)')

function check(condition, message) {
  if (!condition) {
    console.error(`unexpected: ${message}`)
    process.exit(1)
  }
}

async function graphql(query, variables = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ query, variables }),
  })
  const body = await response.json()
  check(response.ok && !body.errors, `HTTP ${response.status} ${JSON.stringify(body.errors ?? body)}`)
  return body.data
}

/** A one-page PDF whose text layer holds these lines: what a till or an invoicing tool sends. */
function pdfWithText(lines) {
  const text = lines.map((line, index) => `BT /F1 11 Tf 24 ${260 - index * 16} Td (${line}) Tj ET`).join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 298] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(pdf)
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xref = Buffer.byteLength(pdf)
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

const { myOrganizations } = await graphql('{ myOrganizations { id } }')
const organizationId = myOrganizations[0].id
const today = new Date().toISOString().slice(0, 10)

// 1. The event the receipt belongs to.
const { createLedgerEvent } = await graphql(
  `mutation ($organizationId: UUID!, $date: String!) {
    createLedgerEvent(organizationId: $organizationId, merchantName: "Harbour Hardware", amount: "42.00",
                      transactionDate: $date, eventType: "expense") { success errorCode error eventId }
  }`,
  { organizationId, date: today },
)
check(
  createLedgerEvent.success,
  `createLedgerEvent: ${createLedgerEvent.errorCode} ${createLedgerEvent.error}`,
)
const eventId = createLedgerEvent.eventId

// 2. POST /uploads with the file (JPEG, PNG, WebP, HEIC or PDF, up to 20 MiB).
const pdf = pdfWithText(['HARBOUR HARDWARE', today, 'SUBTOTAL 40.00', 'GST 2.00', 'TOTAL 42.00'])
const form = new FormData()
form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'receipt.pdf')
const uploaded = await fetch(`${baseUrl}/uploads`, {
  method: 'POST',
  headers: { authorization: `Bearer ${apiKey}` },
  body: form,
})
const upload = await uploaded.json()
check(
  uploaded.status === 201 && upload.contentType === 'application/pdf',
  `upload: HTTP ${uploaded.status} ${JSON.stringify(upload)}`,
)
console.log(`uploaded ${upload.filename} (${upload.contentType}, ${upload.size} bytes)`)

// 3. Attach it to the event.
const { attachReceiptToEvent } = await graphql(
  `mutation ($organizationId: UUID!, $eventId: UUID!, $s3Key: String!) {
    attachReceiptToEvent(organizationId: $organizationId, eventId: $eventId, s3Key: $s3Key, filename: "receipt.pdf") {
      success errorCode error field receiptId
    }
  }`,
  { organizationId, eventId, s3Key: upload.s3Key },
)
check(
  attachReceiptToEvent.success,
  `attachReceiptToEvent: ${attachReceiptToEvent.errorCode} ${attachReceiptToEvent.error}`,
)
const receiptId = attachReceiptToEvent.receiptId
console.log(`attached receipt ${receiptId} to event ${eventId}`)

// 4. A background job reads it; extractionStatus says where that stands: pending, then done,
//    nothing_found or failed (with extractionErrorCode).
let receipt
for (let attempt = 0; attempt < 120; attempt++) {
  const { listReceipts } = await graphql(
    `query ($organizationId: UUID!) {
      listReceipts(organizationId: $organizationId, limit: 200) {
        items { id status extractionStatus extractionErrorCode vendorName amount amountConfidence receiptDate imageUrl event { id } }
      }
    }`,
    { organizationId },
  )
  receipt = listReceipts.items.find((item) => item.id === receiptId)
  check(receipt, 'listReceipts lists the attached receipt')
  if (receipt.extractionStatus !== 'pending') break
  await new Promise((resolve) => setTimeout(resolve, 500))
}
check(receipt.extractionStatus === 'done', `the receipt was read: ${JSON.stringify(receipt)}`)
check(receipt.event?.id === eventId, 'the receipt stays on its event')
console.log(
  `read: ${receipt.vendorName}, ${receipt.amount} (confidence ${receipt.amountConfidence}), ${receipt.receiptDate}; status ${receipt.status}`,
)

// 5. The file itself, with the same Authorization header.
const file = await fetch(new URL(receipt.imageUrl, baseUrl), {
  headers: { authorization: `Bearer ${apiKey}` },
})
check(
  file.ok && file.headers.get('content-type')?.startsWith('application/pdf'),
  `GET ${receipt.imageUrl}: HTTP ${file.status}`,
)
console.log(`fetched ${receipt.imageUrl}: ${(await file.arrayBuffer()).byteLength} bytes`)
console.log('ok')
