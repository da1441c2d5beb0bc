// Bank statement files over HTTP (DESIGN 7.1): upload, dry run, import, duplicates, balances, profiles, hostile files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankFile } from '../support/bank-files.js'
import { multipart } from '../support/files.js'
import { accountIdByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const rowFields =
  'rowIndex position transactionDate description amount eventType memo reference isDuplicate isPossibleDuplicate duplicateReason matchingEventId'
const profileFields =
  'id paymentAccountId name delimiter encoding hasHeader skipLines dateColumn dateFormat amountColumn inflowColumn outflowColumn descriptionColumn payeeColumn memoColumn referenceColumn decimalMark flipSign createdAt updatedAt'

const importFile = `mutation ($org: UUID!, $account: UUID!, $key: String!, $format: BankFileFormat, $profile: UUID, $dateFormat: String, $dryRun: Boolean) {
  importBankStatementFile(organizationId: $org, paymentAccountId: $account, s3Key: $key, format: $format, csvProfileId: $profile, dateFormat: $dateFormat, dryRun: $dryRun) {
    success error errorCode format encoding currency importedCount skippedCount
    rows { ${rowFields} }
    balanceCheck { openingBalance closingBalance entriesTotal difference balanced }
    statementAccountId accountMismatch
    suggestedCsvProfile { ${profileFields} }
  }
}`

/** The fields of importBankStatementFile's payload these tests read. */
type ImportAnswer = Record<string, unknown> & {
  success: boolean
  error: string | null
  rows: Array<Record<string, unknown>>
  suggestedCsvProfile: Record<string, unknown> & { id: string | null }
}

const accountId = (tenant: Tenant, name: string) => accountIdByName(server, tenant, name)

async function upload(tenant: Tenant, bytes: Buffer, filename = 'statement') {
  const response = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: tenant.bearer,
    body: multipart([{ name: 'file', filename, bytes, type: 'application/octet-stream' }]),
  })
  return { status: response.status, body: (await response.json()) as Record<string, string> }
}

async function uploaded(tenant: Tenant, bytes: Buffer, filename?: string): Promise<string> {
  const answer = await upload(tenant, bytes, filename)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.s3Key as string
}

async function importKey(
  tenant: Tenant,
  account: string,
  key: string,
  options: { format?: string; profile?: string; dateFormat?: string; dryRun?: boolean } = {},
) {
  const response = await server.gql(
    importFile,
    { org: tenant.organizationId, account, key, ...options },
    tenant.bearer,
  )
  expect(response.body.errors).toBeUndefined()
  return response.body.data?.importBankStatementFile as ImportAnswer
}

async function importBytes(
  tenant: Tenant,
  account: string,
  bytes: Buffer,
  options: Parameters<typeof importKey>[3] = {},
) {
  return importKey(tenant, account, await uploaded(tenant, bytes), options)
}

async function events(tenant: Tenant) {
  const response = await server.gql(
    'query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 200, sortBy: "transactionDate", sortDir: "asc") { totalCount items { merchantName functionalAmount functionalCurrency eventType transactionDate memo status } } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  return response.body.data?.listLedgerEvents as { totalCount: number; items: Array<Record<string, unknown>> }
}

async function healthy() {
  const response = await fetch(`${server.url}/healthz`)
  expect(response.status).toBe(200)
}

/** An OFX 1 statement of the given transactions, as banks send it: SGML, unclosed leaves. */
function ofx(
  transactions: Array<{ fitId: string; date: string; amount: string; name: string }>,
  acctId = '1234',
) {
  const lines = transactions.map(
    (t) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${t.date}120000[-5:EST]<TRNAMT>${t.amount}<FITID>${t.fitId}<NAME>${t.name}</STMTTRN>`,
  )
  return Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CAD<BANKACCTFROM><BANKID>001<ACCTID>${acctId}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20250101<DTEND>20250131\n${lines.join('\n')}\n</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20250131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
  )
}

describe('statement files through POST /uploads', () => {
  it('takes each format, judged by its bytes, and answers with the key the import takes', async () => {
    const tenant = await createTenant(server)
    const kinds: Array<[string, string]> = [
      ['ofxparse_bank_medium_CAD.ofx', 'application/x-ofx'],
      ['actual_8859-1_CAD_fr.qfx', 'application/x-ofx'],
      ['ofxstatement-iso20022_camt053_v02_EUR_simple.xml', 'application/xml'],
      ['actual_mt940_EUR.sta', 'text/plain'],
      ['actual_payee-memo_US-dates.qif', 'application/qif'],
      ['bigcapital_demo_bank-transactions.csv', 'text/csv'],
    ]
    for (const [name, contentType] of kinds) {
      const answer = await upload(tenant, bankFile(name), 'renamed.png')
      expect(answer.status, name).toBe(201)
      expect(answer.body.contentType, name).toBe(contentType)
      expect(answer.body.s3Key).toMatch(new RegExp(`^${tenant.organizationId}/`))
    }
  })

  it('will not attach a statement file to an event as its receipt', async () => {
    const tenant = await createTenant(server)
    const key = await uploaded(tenant, bankFile('actual_mt940_EUR.sta'))
    const created = await server.gql(
      'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Shop", amount: "1.00", transactionDate: "2025-01-02") { eventId } }',
      { org: tenant.organizationId },
      tenant.bearer,
    )
    const answer = await server.gql(
      'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success errorCode } }',
      { org: tenant.organizationId, e: created.body.data?.createLedgerEvent.eventId, k: key },
      tenant.bearer,
    )
    expect(answer.body.data?.attachReceiptToEvent).toEqual({
      success: false,
      errorCode: 'UNSUPPORTED_FILE_TYPE',
    })
  })
})

describe('importBankStatementFile', () => {
  it('previews an OFX file in a dry run and writes nothing, then imports it, and a re-import imports nothing', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const key = await uploaded(tenant, bankFile('ofxparse_bank_medium_CAD.ofx'))

    const preview = await importKey(tenant, chequing, key, { dryRun: true })
    expect(preview).toMatchObject({
      success: true,
      format: 'OFX',
      encoding: 'UTF-8',
      currency: 'CAD',
      importedCount: 0,
      skippedCount: 0,
      accountMismatch: false,
      suggestedCsvProfile: null,
    })
    expect(preview.rows).toHaveLength(3)
    expect(preview.rows.every((row) => row.isDuplicate === false && row.reference)).toBe(true)
    expect((await events(tenant)).totalCount).toBe(0)

    const imported = await importKey(tenant, chequing, key)
    expect(imported).toMatchObject({ success: true, importedCount: 3, skippedCount: 0 })
    const books = await events(tenant)
    expect(books.totalCount).toBe(3)
    expect(books.items.every((e) => e.status === 'needs_review' && e.functionalCurrency === 'CAD')).toBe(true)

    const again = await importKey(tenant, chequing, key)
    expect(again).toMatchObject({ success: true, importedCount: 0, skippedCount: 3 })
    expect(again.rows.map((row) => row.duplicateReason)).toEqual(['reference', 'reference', 'reference'])
    expect(again.rows.every((row) => row.isDuplicate && row.matchingEventId)).toBe(true)
    expect((await events(tenant)).totalCount).toBe(3)
  })

  it('skips a FITID it has already seen inside a second, overlapping statement', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const january = ofx([
      { fitId: 'F1', date: '20250105', amount: '-12.50', name: 'Coffee Place' },
      { fitId: 'F2', date: '20250110', amount: '-40.00', name: 'Hardware' },
    ])
    expect(await importBytes(tenant, chequing, january)).toMatchObject({ importedCount: 2, skippedCount: 0 })
    // The bank renamed the payee in its second download; the FITID still names the same row.
    const overlapping = ofx([
      { fitId: 'F2', date: '20250110', amount: '-40.00', name: 'HARDWARE STORE #12' },
      { fitId: 'F3', date: '20250120', amount: '250.00', name: 'Client payment' },
    ])
    const second = await importBytes(tenant, chequing, overlapping)
    expect(second).toMatchObject({ success: true, importedCount: 1, skippedCount: 1 })
    expect(second.rows[0]).toMatchObject({ reference: 'F2', isDuplicate: true, duplicateReason: 'reference' })
    expect(second.rows[1]).toMatchObject({
      reference: 'F3',
      isDuplicate: false,
      eventType: 'income',
      amount: '250.00',
    })
    const books = await events(tenant)
    expect(books.items.map((e) => [e.merchantName, e.functionalAmount, e.eventType])).toEqual([
      ['Coffee Place', '12.50', 'expense'],
      ['Hardware', '40.00', 'expense'],
      ['Client payment', '250.00', 'income'],
    ])
  })

  it('reads every real file in a dry run: format, encoding, currency, rows and balances', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const expected: Array<[string, Record<string, unknown>, number]> = [
      ['ofxparse_bank_medium_CAD.ofx', { format: 'OFX', encoding: 'UTF-8', currency: 'CAD' }, 3],
      ['ofxparse_checking_USD.ofx', { format: 'OFX', currency: 'USD' }, 3],
      ['actual_8859-1_CAD_fr.qfx', { format: 'OFX', encoding: 'ISO-8859-1', currency: 'CAD' }, 1],
      ['actual_html-entities_CAD.qfx', { format: 'OFX', currency: 'CAD' }, 2],
      ['ofxstatement-iso20022_camt053_v02_EUR_simple.xml', { format: 'CAMT053', currency: 'EUR' }, 4],
      ['ofxstatement-iso20022_camt053_v08_CHF.xml', { format: 'CAMT053', currency: 'CHF' }, 1],
      ['actual_mt940_EUR.sta', { format: 'MT940', currency: 'EUR' }, 6],
      ['actual_payee-memo_US-dates.qif', { format: 'QIF', currency: 'CAD' }, 4],
      ['bigcapital_demo_bank-transactions.csv', { format: 'CSV', encoding: 'UTF-8' }, 122],
    ]
    for (const [name, fields, rowCount] of expected) {
      const answer = await importBytes(tenant, chequing, bankFile(name), { dryRun: true })
      expect(answer, name).toMatchObject({ success: true, importedCount: 0, ...fields })
      expect(answer.rows, name).toHaveLength(rowCount)
      const check = answer.balanceCheck as { balanced: boolean | null } | null
      // Every file that states both balances agrees with its own entries.
      if (check && check.balanced !== null) expect(check.balanced, name).toBe(true)
    }
    expect((await events(tenant)).totalCount).toBe(0)
  })

  it('reads a QFX declared ISO-8859-1, with its accents and its entities right', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const french = await importBytes(tenant, chequing, bankFile('actual_8859-1_CAD_fr.qfx'))
    expect(french).toMatchObject({ success: true, format: 'OFX', encoding: 'ISO-8859-1', importedCount: 1 })
    expect(JSON.stringify(french.rows[0])).toContain('prépayée')
    const entities = await importBytes(tenant, chequing, bankFile('actual_html-entities_CAD.qfx'), {
      dryRun: true,
    })
    expect(entities.success).toBe(true)
    expect(JSON.stringify(entities.rows)).not.toMatch(/&amp;|&lt;|&gt;/)
  })

  it('reads the same text sent as UTF-16 with a byte-order mark', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const text = bankFile('actual_payee-memo_US-dates.qif').toString('utf8')
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    const answer = await importBytes(tenant, chequing, utf16, { dryRun: true })
    expect(answer).toMatchObject({ success: true, format: 'QIF', encoding: 'UTF-16LE' })
    expect(answer.rows).toHaveLength(4)
  })

  it('checks camt.053 balances that hold, and reports MT940 balances, per file', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const camt = await importBytes(
      tenant,
      chequing,
      bankFile('ofxstatement-iso20022_camt053_v02_EUR_simple.xml'),
      {
        dryRun: true,
      },
    )
    expect(camt).toMatchObject({ success: true, format: 'CAMT053', currency: 'EUR' })
    expect(camt.balanceCheck).toMatchObject({ difference: '0.00', balanced: true })
    expect(camt.statementAccountId).toMatch(/^[A-Z]{2}\d{2}/)

    const mt940 = await importBytes(tenant, chequing, bankFile('actual_mt940_EUR.sta'), { dryRun: true })
    expect(mt940).toMatchObject({ success: true, format: 'MT940', currency: 'EUR' })
    expect(mt940.balanceCheck).toMatchObject({
      openingBalance: '1500.00',
      closingBalance: '2496.71',
      difference: '0.00',
      balanced: true,
    })
  })

  it('reports a statement whose entries do not add up to its closing balance, and still imports as asked', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const text = bankFile('actual_mt940_EUR.sta').toString('latin1')
    const altered = Buffer.from(text.replace(/:62F:C(\d{6})EUR2496,71/, ':62F:C$1EUR2500,00'), 'latin1')
    expect(altered.equals(bankFile('actual_mt940_EUR.sta'))).toBe(false)
    const answer = await importBytes(tenant, chequing, altered)
    expect(answer).toMatchObject({ success: true, importedCount: 6 })
    expect(answer.balanceCheck).toMatchObject({
      openingBalance: '1500.00',
      closingBalance: '2500.00',
      entriesTotal: '996.71',
      difference: '3.29',
      balanced: false,
    })
  })

  it("states an OFX file's closing balance, with nothing to check it against", async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const answer = await importBytes(
      tenant,
      chequing,
      ofx([{ fitId: 'A', date: '20250105', amount: '-1.00', name: 'X' }]),
      {
        dryRun: true,
      },
    )
    expect(answer.balanceCheck).toEqual({
      openingBalance: null,
      closingBalance: '100.00',
      entriesTotal: '-1.00',
      difference: null,
      balanced: null,
    })
  })

  it('remembers the account a file names, and warns when a file of another account comes', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const first = await importBytes(
      tenant,
      chequing,
      ofx([{ fitId: 'A', date: '20250105', amount: '-1.00', name: 'X' }], '1111'),
    )
    expect(first).toMatchObject({ success: true, statementAccountId: '001:1111', accountMismatch: false })
    const history = await server.gql(
      'query ($org: UUID!, $a: UUID!) { auditLog(organizationId: $org, entityId: $a) { items { operation after } } }',
      { org: tenant.organizationId, a: chequing },
      tenant.owner.jwt,
    )
    expect(history.body.data?.auditLog.items).toContainEqual({
      operation: 'account.updated',
      after: JSON.stringify({ statementAccountId: '001:1111' }),
    })
    const same = await importBytes(
      tenant,
      chequing,
      ofx([{ fitId: 'B', date: '20250106', amount: '-2.00', name: 'Y' }], '1111'),
    )
    expect(same.accountMismatch).toBe(false)
    const other = await importBytes(
      tenant,
      chequing,
      ofx([{ fitId: 'C', date: '20250107', amount: '-3.00', name: 'Z' }], '2222'),
      {
        dryRun: true,
      },
    )
    expect(other).toMatchObject({ success: true, statementAccountId: '001:2222', accountMismatch: true })
  })

  it('reads QIF dates in the order the caller names', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const qif = Buffer.from('!Type:Bank\nD03/04/2025\nT-1,234.50\nPLandlord\n^\n')
    const us = await importBytes(tenant, chequing, qif, { dryRun: true })
    expect(us.rows[0]).toMatchObject({
      transactionDate: '2025-03-04',
      amount: '1234.50',
      eventType: 'expense',
    })
    const dayFirst = await importBytes(tenant, chequing, qif, { dryRun: true, dateFormat: 'DD/MM/YYYY' })
    expect(dayFirst.rows[0]?.transactionDate).toBe('2025-04-03')
    const bad = await importBytes(tenant, chequing, qif, { dateFormat: 'D/M/Y' })
    expect(bad).toMatchObject({ success: false, errorCode: 'INVALID_CSV_PROFILE' })
  })
})

describe('CSV files and import profiles', () => {
  const createProfile = `mutation ($org: UUID!, $account: UUID!, $profile: CsvImportProfileInput!) {
    createCsvImportProfile(organizationId: $org, paymentAccountId: $account, profile: $profile) { success error errorCode csvImportProfile { ${profileFields} } }
  }`
  const updateProfile = `mutation ($org: UUID!, $id: UUID!, $profile: CsvImportProfileInput!) {
    updateCsvImportProfile(organizationId: $org, profileId: $id, profile: $profile) { success error errorCode csvImportProfile { ${profileFields} } }
  }`
  const deleteProfile = `mutation ($org: UUID!, $id: UUID!) { deleteCsvImportProfile(organizationId: $org, profileId: $id) { success errorCode } }`
  const listProfiles = `query ($org: UUID!, $account: UUID!) { listCsvImportProfiles(organizationId: $org, paymentAccountId: $account) { ${profileFields} } }`

  it('suggests a profile in a dry run, refuses a real import without one, and imports through the saved profile', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const key = await uploaded(tenant, bankFile('bigcapital_demo_bank-transactions.csv'))

    const preview = await importKey(tenant, chequing, key, { dryRun: true })
    expect(preview).toMatchObject({ success: true, format: 'CSV', importedCount: 0 })
    expect(preview.rows).toHaveLength(122)
    const suggested = preview.suggestedCsvProfile
    expect(suggested).toMatchObject({
      id: null,
      dateColumn: 'Date',
      amountColumn: 'Amount',
      descriptionColumn: 'Description',
      dateFormat: 'YYYY-MM-DD',
    })

    const refused = await importKey(tenant, chequing, key)
    expect(refused).toMatchObject({ success: false, errorCode: 'CSV_PROFILE_REQUIRED', rows: [] })
    expect((await events(tenant)).totalCount).toBe(0)

    const { id: _id, paymentAccountId: _account, createdAt: _c, updatedAt: _u, ...fields } = suggested
    const created = await server.gql(
      createProfile,
      { org: tenant.organizationId, account: chequing, profile: { ...fields, name: 'Bigcapital demo' } },
      tenant.bearer,
    )
    const profile = created.body.data?.createCsvImportProfile
    expect(profile).toMatchObject({
      success: true,
      csvImportProfile: { name: 'Bigcapital demo', paymentAccountId: chequing },
    })

    // The saved profile is found by itself on the next import of this account.
    const imported = await importKey(tenant, chequing, key)
    expect(imported).toMatchObject({
      success: true,
      importedCount: 122,
      skippedCount: 0,
      suggestedCsvProfile: null,
    })
    const again = await importKey(tenant, chequing, key, { profile: profile.csvImportProfile.id })
    expect(again).toMatchObject({ success: true, importedCount: 0, skippedCount: 122 })
  })

  it('creates, lists, updates and deletes profiles, and refuses bad ones', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const base = {
      name: 'Bank A',
      dateColumn: 'Posted',
      dateFormat: 'DD/MM/YYYY',
      inflowColumn: 'In',
      outflowColumn: 'Out',
    }
    const created = await server.gql(
      createProfile,
      { org: tenant.organizationId, account: chequing, profile: base },
      tenant.bearer,
    )
    const profile = created.body.data?.createCsvImportProfile.csvImportProfile
    expect(profile).toMatchObject({
      ...base,
      delimiter: ',',
      hasHeader: true,
      skipLines: 0,
      decimalMark: '.',
      flipSign: false,
      encoding: null,
    })

    const taken = await server.gql(
      createProfile,
      { org: tenant.organizationId, account: chequing, profile: { ...base, name: 'bank a' } },
      tenant.bearer,
    )
    expect(taken.body.data?.createCsvImportProfile).toMatchObject({
      success: false,
      errorCode: 'CSV_PROFILE_NAME_TAKEN',
    })

    for (const bad of [
      { ...base, dateFormat: 'DD-MM-YY' },
      { ...base, amountColumn: 'Amount' },
      { ...base, inflowColumn: null, outflowColumn: null },
      { ...base, delimiter: '"' },
      { ...base, encoding: 'EBCDIC' },
      { ...base, decimalMark: ';' },
      { ...base, skipLines: -1 },
      { ...base, hasHeader: false },
      { ...base, name: ' ' },
    ]) {
      const answer = await server.gql(
        createProfile,
        { org: tenant.organizationId, account: chequing, profile: bad },
        tenant.bearer,
      )
      expect(answer.body.data?.createCsvImportProfile, JSON.stringify(bad)).toMatchObject({
        success: false,
        errorCode: 'INVALID_CSV_PROFILE',
      })
    }

    const updated = await server.gql(
      updateProfile,
      {
        org: tenant.organizationId,
        id: profile.id,
        profile: { ...base, decimalMark: ',', delimiter: ';', encoding: 'windows-1252' },
      },
      tenant.bearer,
    )
    expect(updated.body.data?.updateCsvImportProfile.csvImportProfile).toMatchObject({
      id: profile.id,
      decimalMark: ',',
      delimiter: ';',
      encoding: 'windows-1252',
    })

    const listed = await server.gql(
      listProfiles,
      { org: tenant.organizationId, account: chequing },
      tenant.bearer,
    )
    expect(listed.body.data?.listCsvImportProfiles).toHaveLength(1)

    const other = await createTenant(server)
    const stranger = await server.gql(
      deleteProfile,
      { org: other.organizationId, id: profile.id },
      other.bearer,
    )
    expect(stranger.body.data?.deleteCsvImportProfile).toEqual({
      success: false,
      errorCode: 'CSV_PROFILE_NOT_FOUND',
    })

    const deleted = await server.gql(
      deleteProfile,
      { org: tenant.organizationId, id: profile.id },
      tenant.bearer,
    )
    expect(deleted.body.data?.deleteCsvImportProfile).toEqual({ success: true, errorCode: null })
    const empty = await server.gql(
      listProfiles,
      { org: tenant.organizationId, account: chequing },
      tenant.bearer,
    )
    expect(empty.body.data?.listCsvImportProfiles).toEqual([])
  })

  it('reads a European CSV in windows-1252 through its profile: semicolons, decimal comma, split columns', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const csv = Buffer.from(
      'Relevé du compte 12345\n\nDate;Libellé;Débit;Crédit;Réf\n03.01.2025;Café Crème;4,50;;R1\n04.01.2025;Virement reçu;;1.250,00;R2\n',
      'latin1',
    )
    const created = await server.gql(
      createProfile,
      {
        org: tenant.organizationId,
        account: chequing,
        profile: {
          name: 'Banque',
          delimiter: ';',
          encoding: 'windows-1252',
          skipLines: 2,
          dateColumn: 'Date',
          dateFormat: 'DD.MM.YYYY',
          descriptionColumn: 'Libellé',
          outflowColumn: 'Débit',
          inflowColumn: 'Crédit',
          referenceColumn: 'Réf',
          decimalMark: ',',
        },
      },
      tenant.bearer,
    )
    const id = created.body.data?.createCsvImportProfile.csvImportProfile.id
    const answer = await importBytes(tenant, chequing, csv, { profile: id })
    expect(answer).toMatchObject({ success: true, format: 'CSV', encoding: 'windows-1252', importedCount: 2 })
    expect(
      answer.rows.map((r) => [r.transactionDate, r.description, r.amount, r.eventType, r.reference]),
    ).toEqual([
      ['2025-01-03', 'Café Crème', '4.50', 'expense', 'R1'],
      ['2025-01-04', 'Virement reçu', '1250.00', 'income', 'R2'],
    ])
  })
})

describe('hostile and broken statement files', () => {
  const cases: Array<[string, Buffer, RegExp]> = [
    [
      'truncated XML',
      bankFile('ofxstatement-iso20022_camt053_v02_EUR_simple.xml').subarray(0, 900),
      /^The XML ends inside Document\/BkToCstmrStmt\/Stmt\/.*: the file may be cut short\.$/,
    ],
    [
      'a date that does not exist',
      Buffer.from('!Type:Bank\nD2025-02-30\nT-1.00\nPShop\n^\n'),
      /2025-02-30 is not a date/,
    ],
    [
      'three decimals in a two-decimal currency',
      ofx([{ fitId: 'X', date: '20250105', amount: '-1.005', name: 'Shop' }]),
      /^Line \d+: amount has more than 2 decimals/,
    ],
    [
      'an empty statement',
      Buffer.from(
        'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CAD<BANKTRANLIST></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      ),
      /holds no transactions/,
    ],
    [
      'the OFX input that stalls regex parsers',
      Buffer.from(`OFXHEADER:100\n<OFX><${'A'.repeat(40)}!`),
      /^Line 2: a tag is not closed/,
    ],
    [
      'an entity bomb in camt.053',
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><x>&b;</x></Document>`,
      ),
      /declares a document type/,
    ],
    [
      'more than 10,000 rows',
      Buffer.from(
        `!Type:Bank\n${Array.from({ length: 10_001 }, (_, i) => `D01/02/2024\nT-1\nPShop ${i}\n^`).join('\n')}\n`,
      ),
      /at most 10,000 rows/,
    ],
  ]
  for (const [name, bytes, message] of cases) {
    it(`refuses ${name} with a clear error and writes nothing`, async () => {
      const tenant = await createTenant(server)
      const chequing = await accountId(tenant, 'Chequing')
      const started = performance.now()
      const answer = await importBytes(tenant, chequing, bytes)
      expect(answer.success).toBe(false)
      expect(['INVALID_BANK_FILE', 'TOO_MANY_ROWS']).toContain(answer.errorCode)
      expect(answer.error).toMatch(message)
      expect(answer.rows).toEqual([])
      expect(performance.now() - started).toBeLessThan(30_000)
      expect((await events(tenant)).totalCount).toBe(0)
      await healthy()
    })
  }

  it('refuses binary junk at the upload, and a 30 MB file by its size', async () => {
    const tenant = await createTenant(server)
    const junk = await upload(
      tenant,
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x08, 0x00, 0x00, 0x00]),
    )
    expect(junk.status).toBe(415)
    const big = await upload(
      tenant,
      Buffer.concat([Buffer.from('Date,Amount\n'), Buffer.alloc(30 * 1024 * 1024, 0x31)]),
    )
    expect(big.status).toBe(413)
    await healthy()
  })

  it("cannot import another organization's upload, nor into another organization's account", async () => {
    const owner = await createTenant(server)
    const stranger = await createTenant(server)
    const key = await uploaded(owner, bankFile('ofxparse_bank_medium_CAD.ofx'))
    const strangerAccount = await accountId(stranger, 'Chequing')
    const answer = await importKey(stranger, strangerAccount, key)
    expect(answer).toMatchObject({ success: false, errorCode: 'FILE_NOT_FOUND' })
    const ownKey = await uploaded(stranger, bankFile('ofxparse_bank_medium_CAD.ofx'))
    const intoOther = await importKey(stranger, await accountId(owner, 'Chequing'), ownKey)
    expect(intoOther).toMatchObject({ success: false, errorCode: 'PAYMENT_ACCOUNT_NOT_FOUND' })
    expect((await events(owner)).totalCount).toBe(0)
    expect((await events(stranger)).totalCount).toBe(0)
  })
})
