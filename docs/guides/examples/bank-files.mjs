// Bank files: upload a bank's statement file, preview it (a dry run writes nothing), import it,
// and see that a second import finds every row already there.
// Run: DAYBOOK_URL=http://127.0.0.1:4000 DAYBOOK_API_KEY=dbk_… node bank-files.mjs [statement.ofx]
import { readFile } from 'node:fs/promises'
import path from 'node:path'

const baseUrl = process.env.DAYBOOK_URL ?? 'http://127.0.0.1:4000'
const apiKey = process.env.DAYBOOK_API_KEY
check(apiKey, 'set DAYBOOK_API_KEY to an API key (dbk_…)')
const filePath = process.argv[2] ?? new URL('statement.ofx', import.meta.url).pathname

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

const { myOrganizations } = await graphql('{ myOrganizations { id } }')
const organizationId = myOrganizations[0].id
const { listAccounts } = await graphql(
  'query ($organizationId: UUID!) { listAccounts(organizationId: $organizationId, limit: 200) { items { id name accountType } } }',
  { organizationId },
)
const bank = listAccounts.items.find((account) => account.accountType === 'bank')
check(bank, 'the organization has a bank account')

// 1. POST /uploads: multipart/form-data with one part named file. The answer's s3Key names it.
const form = new FormData()
form.append('file', new Blob([await readFile(filePath)]), path.basename(filePath))
const uploaded = await fetch(`${baseUrl}/uploads`, {
  method: 'POST',
  headers: { authorization: `Bearer ${apiKey}` },
  body: form,
})
const upload = await uploaded.json()
check(uploaded.status === 201 && upload.s3Key, `upload: HTTP ${uploaded.status} ${JSON.stringify(upload)}`)
console.log(`uploaded ${upload.filename}: ${upload.size} bytes, s3Key ${upload.s3Key}`)

const importFile = `mutation ($organizationId: UUID!, $paymentAccountId: UUID!, $s3Key: String!, $dryRun: Boolean) {
  importBankStatementFile(organizationId: $organizationId, paymentAccountId: $paymentAccountId, s3Key: $s3Key, dryRun: $dryRun) {
    success errorCode error field format currency importedCount skippedCount statementAccountId accountMismatch
    balanceCheck { openingBalance closingBalance closingDate entriesTotal difference balanced }
    rows { rowIndex position transactionDate description amount direction reference isDuplicate isPossibleDuplicate duplicateReason }
  }
}`
const variables = { organizationId, paymentAccountId: bank.id, s3Key: upload.s3Key }

// 2. The preview: every row with its duplicate verdict, and the balance the file states.
const preview = (await graphql(importFile, { ...variables, dryRun: true })).importBankStatementFile
check(preview.success, `preview: ${preview.errorCode} ${preview.error}`)
check(preview.rows.length > 0 && preview.importedCount === 0, 'a dry run reads rows and imports none')
console.log(
  `preview: ${preview.format}, ${preview.currency}, ${preview.rows.length} rows, account ${preview.statementAccountId}`,
)
for (const row of preview.rows) {
  const verdict = row.isDuplicate ? `duplicate (${row.duplicateReason})` : 'new'
  console.log(
    `  ${row.transactionDate} ${row.direction.padEnd(3)} ${row.amount.padStart(8)} ${row.description}: ${verdict}`,
  )
}
if (preview.balanceCheck) console.log(`  closing balance stated: ${preview.balanceCheck.closingBalance}`)

// 3. The import: the same call without dryRun. Rows already in the books are skipped.
const imported = (await graphql(importFile, variables)).importBankStatementFile
check(imported.success, `import: ${imported.errorCode} ${imported.error}`)
console.log(`imported ${imported.importedCount}, skipped ${imported.skippedCount}`)

// 4. The same file again: every row is now a duplicate, by the bank's own reference.
const again = (await graphql(importFile, { ...variables, dryRun: true })).importBankStatementFile
check(
  again.success && again.rows.every((row) => row.isDuplicate),
  'after the import every row of the file is a duplicate',
)
console.log(
  `preview again: ${again.rows.filter((row) => row.isDuplicate).length} of ${again.rows.length} rows are duplicates`,
)
console.log('ok')
