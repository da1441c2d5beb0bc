import { newId } from '../src/kernel/ids.js'
import {
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  graphqlRequest,
  type RunningServer,
  startDaybook,
} from './harness.js'
import { type ResidentMemory, watchResident } from './processes.js'
import {
  type BenchOrg,
  createOrgs,
  dayString,
  type EventRow,
  expenseBrandNames,
  insertEventsMultiRow,
  openBenchDb,
  randomSource,
  seedAftercareNote,
  seedEvents,
  vendors,
} from './seed.js'

// Issue: importing a bank statement into a large ledger. One organization with a million events
// and a hundred category rules takes a 10,000-row statement whose first half it already holds
// (the statement overlaps the last import); the import is timed over GraphQL against a raw bulk
// INSERT of the same rows.
// Issue "Bank statement files": the same statement as an OFX 1 file and as a CSV file, uploaded
// through POST /uploads and imported with importBankStatementFile, costs at most 1.3x the rows
// path. Each file statement overlaps the import before it, as consecutive statements of one
// account do, so each holds 5,000 events already imported and 5,000 new rows, and each import
// reads about as many existing events as the rows path did.

const eventsInOrganization = 1_000_000
const statementRows = 10_000
const warmupRows = 1_000
const rounds = 5
const auditSealingPauseMs = 3_000
const ruleCount = 100

const importMutation = `mutation Import($organizationId: UUID!, $paymentAccountId: UUID!, $rows: [BankStatementRowInput!]!) {
  importBankStatement(organizationId: $organizationId, paymentAccountId: $paymentAccountId, rows: $rows) {
    importedCount skippedCount success error errorCode
  }
}`

const ruleMutation = `mutation Rule($organizationId: UUID!, $vendorPattern: String!, $categoryId: UUID!) {
  createCategoryRule(organizationId: $organizationId, vendorPattern: $vendorPattern, categoryId: $categoryId) {
    success errorCode error
  }
}`

const fileImportMutation = `mutation ImportFile($organizationId: UUID!, $paymentAccountId: UUID!, $s3Key: String!, $csvProfileId: UUID) {
  importBankStatementFile(organizationId: $organizationId, paymentAccountId: $paymentAccountId, s3Key: $s3Key, csvProfileId: $csvProfileId) {
    success error errorCode format encoding importedCount skippedCount
  }
}`

const profileMutation = `mutation Profile($organizationId: UUID!, $paymentAccountId: UUID!, $profile: CsvImportProfileInput!) {
  createCsvImportProfile(organizationId: $organizationId, paymentAccountId: $paymentAccountId, profile: $profile) {
    success error errorCode csvImportProfile { id }
  }
}`

interface StatementRow {
  transactionDate: string
  description: string
  amount: string
  eventType: string
}

/** A row of a statement file: the bank's id for it (FITID) rides along. */
interface FileStatementRow extends StatementRow {
  reference: string
}

type FileImportAnswer = {
  data?: {
    importBankStatementFile: {
      success: boolean
      error: string | null
      format: string | null
      encoding: string | null
      importedCount: number
      skippedCount: number
    } | null
  }
  errors?: unknown
}

type ImportAnswer = {
  data?: {
    importBankStatement: {
      importedCount: number
      skippedCount: number
      success: boolean
      error: string | null
    } | null
  }
  errors?: unknown
}

export async function benchBankImport(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await freshEngine(engine)
  try {
    return await importFigures(engine, target)
  } finally {
    await disposeEngine(target)
  }
}

const signed = (minor: number, eventType: string) => {
  const digits = String(minor).padStart(3, '0')
  return `${eventType === 'income' ? '' : '-'}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/**
 * A statement for one payment account: the account's latest `duplicates` events exactly as they
 * are stored, then as many new rows dated on the days after them (the period the ledger has not
 * seen yet), sorted by date like a bank's export.
 */
async function statementFor(
  target: EngineTarget,
  org: BenchOrg,
  paymentAccountId: string,
  duplicates: number,
  fresh: number,
  seed: number,
): Promise<StatementRow[]> {
  return (await statementWithReferences(target, org, paymentAccountId, duplicates, fresh, seed)).map(
    ({ reference: _, ...row }) => row,
  )
}

/** A bank never reuses a FITID, so neither does any statement of the run. */
let fitIdsIssued = 0

/**
 * The same statement as a bank's file carries it: every row with a FITID, the one its event was
 * imported with where it has one, and a new one otherwise.
 */
async function statementWithReferences(
  target: EngineTarget,
  org: BenchOrg,
  paymentAccountId: string,
  duplicates: number,
  fresh: number,
  seed: number,
): Promise<FileStatementRow[]> {
  const db = await openBenchDb(target)
  try {
    const existing = await db.all<{
      transaction_date: string
      amount_minor: number | string
      event_type: string
      merchant_name: string
      reference: string | null
    }>(
      `select transaction_date, amount_minor, event_type, merchant_name, reference from ledger_events
       where organization_id = ? and payment_account_id = ?
       order by transaction_date desc, id desc limit ?`,
      [org.id, paymentAccountId, duplicates],
    )
    if (existing.length !== duplicates) throw new Error(`only ${existing.length} events to duplicate`)
    const fitId = (date: string) => `${date.replaceAll('-', '')}${String(fitIdsIssued++).padStart(7, '0')}`
    const rows: FileStatementRow[] = existing.map((e) => ({
      transactionDate: e.transaction_date,
      description: e.merchant_name,
      amount: signed(Number(e.amount_minor), e.event_type),
      eventType: e.event_type,
      reference: e.reference ?? fitId(e.transaction_date),
    }))
    const last = existing[0]?.transaction_date as string
    const first = existing.at(-1)?.transaction_date as string
    const days = Math.max(1, Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1)
    const random = randomSource(seed)
    const choices = vendors.filter((v) => v.eventType !== 'transfer')
    for (let i = 0; i < fresh; i++) {
      const vendor = choices[Math.floor(random() * choices.length)] as (typeof choices)[number]
      const minor = Math.max(100, Math.round(vendor.typicalMinor * 3 ** (random() * 2 - 1)))
      const transactionDate = dayString(1 + Math.floor(random() * days), last)
      rows.push({
        transactionDate,
        description: vendor.name,
        amount: signed(minor, vendor.eventType),
        eventType: vendor.eventType,
        reference: fitId(transactionDate),
      })
    }
    return rows.sort((x, y) =>
      x.transactionDate < y.transactionDate ? -1 : x.transactionDate > y.transactionDate ? 1 : 0,
    )
  } finally {
    await db.close()
  }
}

/** 100 rules: a prefix for each of the 75 expense brands, and 25 narrower store-number prefixes. */
export function rulePatterns(org: BenchOrg): Array<{ vendorPattern: string; categoryId: string }> {
  const expenses = org.accounts.expenses
  const rules = expenseBrandNames.map((brand, b) => ({
    vendorPattern: `${brand} #%`,
    categoryId: expenses[b % expenses.length] as string,
  }))
  for (const [b, brand] of expenseBrandNames.slice(0, ruleCount - rules.length).entries()) {
    rules.push({
      vendorPattern: `${brand} #${String(1000 + b * 37).slice(0, 3)}%`,
      categoryId: expenses[(b + 3) % expenses.length] as string,
    })
  }
  return rules
}

// ---- statement files ----------------------------------------------------------------------------

interface StatementFileText {
  name: string
  contentType: string
  text: string
}

type StatementAccount =
  | { kind: 'bank'; bankId: string; accountId: string }
  | { kind: 'card'; accountId: string }

const cents = (amount: string) => Number(amount.replace('.', ''))
const decimal = (minor: number) => {
  const digits = String(Math.abs(minor)).padStart(3, '0')
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`
}
const ofxDate = (date: string) => `${date.replaceAll('-', '')}120000[-5:EST]`
const sgmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** An OFX 1.0.2 (SGML) download as banks send it: CRLF lines, leaf elements never closed. */
function ofxFile(rows: FileStatementRow[], account: StatementAccount): StatementFileText {
  const first = rows[0]?.transactionDate as string
  const last = rows.at(-1)?.transactionDate as string
  const closingMinor = rows.reduce((sum, row) => sum + cents(row.amount), 0)
  const card = account.kind === 'card'
  const lines = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    `<DTSERVER>${ofxDate(last)}`,
    '<LANGUAGE>ENG',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    card ? '<CREDITCARDMSGSRSV1>' : '<BANKMSGSRSV1>',
    card ? '<CCSTMTTRNRS>' : '<STMTTRNRS>',
    '<TRNUID>1',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    card ? '<CCSTMTRS>' : '<STMTRS>',
    '<CURDEF>CAD',
    ...(account.kind === 'card'
      ? ['<CCACCTFROM>', `<ACCTID>${account.accountId}`, '</CCACCTFROM>']
      : [
          '<BANKACCTFROM>',
          `<BANKID>${account.bankId}`,
          `<ACCTID>${account.accountId}`,
          '<ACCTTYPE>CHECKING',
          '</BANKACCTFROM>',
        ]),
    '<BANKTRANLIST>',
    `<DTSTART>${ofxDate(first)}`,
    `<DTEND>${ofxDate(last)}`,
  ]
  for (const row of rows) {
    lines.push(
      '<STMTTRN>',
      `<TRNTYPE>${row.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}`,
      `<DTPOSTED>${ofxDate(row.transactionDate)}`,
      `<TRNAMT>${row.amount}`,
      `<FITID>${row.reference}`,
      `<NAME>${sgmlText(row.description)}`,
      '</STMTTRN>',
    )
  }
  lines.push(
    '</BANKTRANLIST>',
    '<LEDGERBAL>',
    `<BALAMT>${decimal(closingMinor)}`,
    `<DTASOF>${ofxDate(last)}`,
    '</LEDGERBAL>',
    card ? '</CCSTMTRS>' : '</STMTRS>',
    card ? '</CCSTMTTRNRS>' : '</STMTTRNRS>',
    card ? '</CREDITCARDMSGSRSV1>' : '</BANKMSGSRSV1>',
    '</OFX>',
    '',
  )
  return { name: 'statement.ofx', contentType: 'application/x-ofx', text: lines.join('\r\n') }
}

const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text)

/** A bank's CSV export: a header, then one signed amount per row (negative: money out). */
function csvFile(rows: FileStatementRow[]): StatementFileText {
  const lines = ['Date,Description,Amount,Reference']
  for (const row of rows) {
    lines.push(
      [row.transactionDate, row.description, row.amount, row.reference]
        .map((cell) => csvField(cell))
        .join(','),
    )
  }
  lines.push('')
  return { name: 'statement.csv', contentType: 'text/csv', text: lines.join('\r\n') }
}

/** The profile the CSV export is read through, saved once per payment account. */
const csvProfile = {
  name: 'Bank CSV export',
  delimiter: ',',
  hasHeader: true,
  skipLines: 0,
  dateColumn: 'Date',
  dateFormat: 'YYYY-MM-DD',
  amountColumn: 'Amount',
  descriptionColumn: 'Description',
  referenceColumn: 'Reference',
  decimalMark: '.',
  flipSign: false,
}

/** One timed import: rows over GraphQL, or a file uploaded then imported. */
interface Measured {
  seconds: number
  /** POST /uploads alone; 0 on the rows path. */
  uploadSeconds: number
  memory: ResidentMemory
  startedAt: string
  finishedAt: string
}

type PathName = 'rows' | 'OFX' | 'CSV'

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0)
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/**
 * The highest peak of the rounds, and the most one import added to what the server held before it:
 * the server keeps some of each round's heap, so the highest peak tends to come late and to rise little.
 */
function memoryNote(runs: Measured[], before: string): string {
  const rise = (run: Measured) => run.memory.peakBytes - run.memory.idleBytes
  const highest = runs.reduce((top, run) => (run.memory.peakBytes > top.memory.peakBytes ? run : top))
  const steepest = runs.reduce((top, run) => (rise(run) > rise(top) ? run : top))
  const how =
    highest.memory.method === 'high-water mark'
      ? `the server process's high-water mark, reset just before ${before}`
      : 'sampled every 20 ms'
  return `peak server RSS ${mib(highest.memory.peakBytes)} MiB, the highest of the rounds (${how}); at most ${mib(rise(steepest))} MiB over what it held before ${before} (${mib(steepest.memory.idleBytes)} MiB to ${mib(steepest.memory.peakBytes)} MiB); rises per round ${runs.map((run) => mib(rise(run))).join(' / ')} MiB`
}

/** What the server-side phase measured: the rules' creation, the warm-ups and every timed round. */
interface ImportRuns {
  rulesSeconds: number
  warmupSeconds: Map<PathName, number>
  runs: Map<PathName, Measured[]>
  fileBytes: Map<PathName, number>
  readAs: Map<PathName, string>
}

/** What one prepared import needs of the running server and the organization. */
interface ImportContext {
  target: EngineTarget
  org: BenchOrg
  daybook: RunningServer
  headers: Record<string, string>
  profiles: { chequing: string; creditCard: string }
  fileBytes: Map<PathName, number>
  readAs: Map<PathName, string>
}

const importPaths: PathName[] = ['rows', 'OFX', 'CSV']
const chequingFile: StatementAccount = { kind: 'bank', bankId: '000310012', accountId: '5012345' }
const cardFile: StatementAccount = { kind: 'card', accountId: '4500123412341234' }

async function importFigures(engine: 'sqlite' | 'postgres', target: EngineTarget): Promise<Figure[]> {
  const [org] = (await createOrgs(target, ['Import Org'])) as [BenchOrg]
  const seedSeconds = await seedEvents(target, [{ org, count: eventsInOrganization, seed: 2024 }])
  console.log(`Bank import [${engine}] seeded ${eventsInOrganization} events in ${seedSeconds.toFixed(1)} s`)
  const half = statementRows / 2
  const statement = await statementFor(target, org, org.accounts.chequing, half, half, 31)
  const warmup = await statementFor(target, org, org.accounts.creditCard, warmupRows / 2, warmupRows / 2, 32)

  const measured = await measureImports(target, org, statement, warmup)
  const { categorized, rawSeconds } = await countCategorizedThenInsertRaw(
    target,
    org,
    measured.runs,
    statement,
  )
  return importRows(engine, { ...measured, categorized, rawSeconds, seedSeconds })
}

/** The rules, then each path warmed up on the credit card, then the timed rounds on chequing. */
async function measureImports(
  target: EngineTarget,
  org: BenchOrg,
  statement: StatementRow[],
  warmup: StatementRow[],
): Promise<ImportRuns> {
  const headers = { authorization: `Bearer ${org.key}` }
  const daybook = await startDaybook(target)
  const pid = serverPid(daybook)
  let rulesSeconds: number
  const warmupSeconds = new Map<PathName, number>()
  const runs = new Map<PathName, Measured[]>(importPaths.map((path) => [path, []]))
  const fileBytes = new Map<PathName, number>()
  const readAs = new Map<PathName, string>()
  try {
    rulesSeconds = await createRules(daybook, org, headers)
    const profiles = {
      chequing: await createProfile(daybook, org, org.accounts.chequing, headers),
      creditCard: await createProfile(daybook, org, org.accounts.creditCard, headers),
    }
    const context: ImportContext = { target, org, daybook, headers, profiles, fileBytes, readAs }

    // Each path once on the credit card before any is timed, so none is timed cold.
    for (const path of importPaths) {
      const run = await prepareImport(
        context,
        path,
        org.accounts.creditCard,
        warmupRows,
        path === 'rows' ? warmup : undefined,
      )
      warmupSeconds.set(path, (await run()).seconds)
    }
    // The paths take turns, so load from other work on the machine falls on all of them alike.
    for (let round = 0; round < rounds; round++) {
      for (const path of importPaths) {
        const run = await prepareImport(
          context,
          path,
          org.accounts.chequing,
          statementRows,
          path === 'rows' && round === 0 ? statement : undefined,
        )
        // The audit trail seals an import's records in the background within a few seconds; the
        // pause keeps that work out of the next import's time, whichever path it is.
        await new Promise((resolve) => setTimeout(resolve, auditSealingPauseMs))
        const startedAt = new Date().toISOString()
        const { result, memory } = await watchResident(pid, run)
        runs.get(path)?.push({ ...result, memory, startedAt, finishedAt: new Date().toISOString() })
      }
    }
  } finally {
    await daybook.stop()
  }
  return { rulesSeconds, warmupSeconds, runs, fileBytes, readAs }
}

/** The organization's category rules, created one by one over GraphQL; answers the seconds they took. */
async function createRules(
  daybook: RunningServer,
  org: BenchOrg,
  headers: Record<string, string>,
): Promise<number> {
  const rulesStarted = performance.now()
  for (const rule of rulePatterns(org)) {
    const answer = await graphqlRequest<{
      data?: { createCategoryRule: { success: boolean; error: string | null } | null }
    }>(daybook.url, { query: ruleMutation, variables: { organizationId: org.id, ...rule } }, headers)
    if (!answer.data?.createCategoryRule?.success)
      throw new Error(`createCategoryRule failed: ${JSON.stringify(answer).slice(0, 300)}`)
  }
  return (performance.now() - rulesStarted) / 1000
}

/**
 * One import of `rowCount` rows into the account, half of them its latest events, ready to run:
 * the statement is read from the database and written out before the clock starts.
 */
async function prepareImport(
  context: ImportContext,
  path: PathName,
  paymentAccountId: string,
  rowCount: number,
  rowsStatement?: StatementRow[],
): Promise<() => Promise<{ seconds: number; uploadSeconds: number }>> {
  const { target, org, daybook, headers, profiles, fileBytes, readAs } = context
  const card = paymentAccountId === org.accounts.creditCard
  const seed = card ? 32 : 31
  const expected = rowCount / 2
  if (path === 'rows') {
    const rows =
      rowsStatement ?? (await statementFor(target, org, paymentAccountId, expected, expected, seed))
    return async () => {
      const started = performance.now()
      const answer = await graphqlRequest<ImportAnswer>(
        daybook.url,
        { query: importMutation, variables: { organizationId: org.id, paymentAccountId, rows } },
        headers,
      )
      const seconds = (performance.now() - started) / 1000
      const outcome = answer.data?.importBankStatement
      if (outcome?.importedCount !== expected || outcome.skippedCount !== expected) {
        throw new Error(
          `importBankStatement should import ${expected} rows and skip ${expected}; it answered ${JSON.stringify(answer).slice(0, 500)}`,
        )
      }
      return { seconds, uploadSeconds: 0 }
    }
  }
  // The rows path's generator and seeds, so the new rows are the same vendors and amounts.
  const rows = await fileStatement(target, org, paymentAccountId, rowCount, seed)
  const file = path === 'OFX' ? ofxFile(rows, card ? cardFile : chequingFile) : csvFile(rows)
  const profile = path === 'CSV' ? (card ? profiles.creditCard : profiles.chequing) : undefined
  return async () => {
    const run = await importFile(daybook, org, headers, paymentAccountId, file, profile)
    const outcome = checkFileImport(run.answer, expected, `the ${path} import`)
    if (!card) {
      fileBytes.set(path, Buffer.byteLength(file.text))
      readAs.set(path, `${outcome.format} in ${outcome.encoding}`)
    }
    return { seconds: run.seconds, uploadSeconds: run.uploadSeconds }
  }
}

/** What the rules did, then the baseline: the same 10,000 rows inserted raw, in one transaction. */
async function countCategorizedThenInsertRaw(
  target: EngineTarget,
  org: BenchOrg,
  runs: Map<PathName, Measured[]>,
  statement: StatementRow[],
): Promise<{ categorized: Map<PathName, number[]>; rawSeconds: number }> {
  const db = await openBenchDb(target)
  const categorized = new Map<PathName, number[]>()
  let rawSeconds: number
  try {
    for (const [path, measured] of runs) {
      const counts: number[] = []
      for (const run of measured) {
        const [counted] = await db.all<{ n: number | string }>(
          `select count(*) as n from ledger_events
           where organization_id = ? and payment_account_id = ? and created_at >= ? and created_at <= ?
             and category_rule_id is not null`,
          [org.id, org.accounts.chequing, run.startedAt, run.finishedAt],
        )
        counts.push(Number(counted?.n))
      }
      categorized.set(path, counts)
    }
    const createdAt = new Date().toISOString()
    const rows: EventRow[] = statement.map((row) => ({
      id: newId(),
      organizationId: org.id,
      eventType: row.eventType,
      merchantName: row.description,
      amountMinor: Number(row.amount.replace('-', '').replace('.', '')),
      transactionDate: row.transactionDate,
      status: 'needs_review',
      categoryId: null,
      paymentAccountId: org.accounts.chequing,
      taxAmountMinor: null,
      taxAccountId: null,
      createdAt,
    }))
    const started = performance.now()
    await db.transaction((tx) => insertEventsMultiRow(tx, rows, 1000))
    rawSeconds = (performance.now() - started) / 1000
  } finally {
    await db.close()
  }
  return { categorized, rawSeconds }
}

function importRows(
  engine: 'sqlite' | 'postgres',
  measured: ImportRuns & { categorized: Map<PathName, number[]>; rawSeconds: number; seedSeconds: number },
): Figure[] {
  const { rulesSeconds, warmupSeconds, runs, fileBytes, readAs, categorized, rawSeconds, seedSeconds } =
    measured
  const half = statementRows / 2
  const msOf = (path: PathName) => (runs.get(path) ?? []).map((run) => run.seconds * 1000)
  const roundsNote = (values: number[]) =>
    `median of ${rounds} rounds: ${values.map((ms) => ms.toFixed(0)).join(' / ')} ms`
  const categorizedNote = (path: PathName) =>
    `importedCount ${half}, skippedCount ${half} in each round; new events categorized by the rules ${(categorized.get(path) ?? []).map((n) => n.toLocaleString('en-US')).join(' / ')}`
  const importMs = median(msOf('rows'))
  const rawMs = rawSeconds * 1000
  const rowsRuns = runs.get('rows') ?? []
  const fileFigures: Figure[] = (['OFX', 'CSV'] as const).map((path) => {
    const measured = runs.get(path) ?? []
    const fileMs = median(msOf(path))
    const uploadMs = median(measured.map((run) => run.uploadSeconds * 1000))
    const described =
      path === 'OFX' ? 'an OFX 1 (SGML) file with FITIDs' : 'a CSV file (Date,Description,Amount,Reference)'
    return {
      section: 'Bank import',
      name: `importBankStatementFile, the same ${statementRows.toLocaleString('en-US')}-row statement as ${described}: POST /uploads + import over HTTP`,
      engine,
      value: fileMs,
      unit: 'ms',
      baselineName: 'importBankStatement of the same 10,000 rows, the first Bank import row of the engine',
      baseline: importMs,
      ratio: fileMs / importMs,
      target: '<= 1.3',
      extra: [
        `file / rows, lower is better; ${roundsNote(msOf(path))}, the rows path taking its turn in each`,
        `POST /uploads ${uploadMs.toFixed(0)} ms (median, ${((uploadMs / fileMs) * 100).toFixed(0)}% of the whole), importBankStatementFile ${(fileMs - uploadMs).toFixed(0)} ms`,
        `${((fileBytes.get(path) ?? 0) / 2 ** 20).toFixed(2)} MiB file, read as ${readAs.get(path)}${path === 'CSV' ? ' through a saved profile passed as csvProfileId' : ''}`,
        categorizedNote(path),
        memoryNote(measured, 'the upload'),
        `each statement overlaps the import before it (its first 5,000 rows are that import's new events), its new rows from the rows path's generator; warm-up: a ${warmupRows.toLocaleString('en-US')}-row ${path} file into the credit card first (${((warmupSeconds.get(path) ?? 0) * 1000).toFixed(0)} ms)`,
      ].join('; '),
    }
  })
  return [
    {
      section: 'Bank import',
      name: `importBankStatement, ${statementRows.toLocaleString('en-US')} rows (half exact duplicates) into an organization with ${eventsInOrganization.toLocaleString('en-US')} events and ${ruleCount} category rules`,
      engine,
      value: importMs,
      unit: 'ms',
      baselineName: 'raw multi-row INSERT of the same 10,000 rows, one transaction',
      baseline: rawMs,
      ratio: rawMs / importMs,
      target: '>= 0.3',
      extra: [
        `${roundsNote(msOf('rows'))}, taking turns with the two file paths (next rows)`,
        categorizedNote('rows'),
        memoryNote(rowsRuns, 'the request'),
        `warm-up import of ${warmupRows.toLocaleString('en-US')} rows first (${((warmupSeconds.get('rows') ?? 0) * 1000).toFixed(0)} ms)`,
        `${ruleCount} createCategoryRule calls took ${rulesSeconds.toFixed(1)} s`,
        `seed: ${eventsInOrganization.toLocaleString('en-US')} events by bulk SQL in ${seedSeconds.toFixed(0)} s${seedAftercareNote(engine)}`,
      ].join('; '),
    },
    ...fileFigures,
  ]
}

function serverPid(server: RunningServer): number {
  const pid = server.process.pid
  if (pid === undefined) throw new Error('the server process has no pid')
  return pid
}

/** Half of `rows` are the account's latest events, half new; only income and expenses, as a file signs them. */
async function fileStatement(
  target: EngineTarget,
  org: BenchOrg,
  paymentAccountId: string,
  rows: number,
  seed: number,
): Promise<FileStatementRow[]> {
  const statement = await statementWithReferences(target, org, paymentAccountId, rows / 2, rows / 2, seed)
  // A file's sign says only money in or out; a transfer row would come back as an expense and miss its duplicate.
  const transfer = statement.find((row) => row.eventType === 'transfer')
  if (transfer) throw new Error(`a statement file cannot carry the transfer ${JSON.stringify(transfer)}`)
  return statement
}

async function createProfile(
  daybook: RunningServer,
  org: BenchOrg,
  paymentAccountId: string,
  headers: Record<string, string>,
): Promise<string> {
  const answer = await graphqlRequest<{
    data?: { createCsvImportProfile: { success: boolean; csvImportProfile: { id: string } | null } | null }
  }>(
    daybook.url,
    { query: profileMutation, variables: { organizationId: org.id, paymentAccountId, profile: csvProfile } },
    headers,
  )
  const id = answer.data?.createCsvImportProfile?.csvImportProfile?.id
  if (!answer.data?.createCsvImportProfile?.success || !id)
    throw new Error(`createCsvImportProfile failed: ${JSON.stringify(answer).slice(0, 300)}`)
  return id
}

/** Upload, then import: timed together, the upload's share apart. */
async function importFile(
  daybook: RunningServer,
  org: BenchOrg,
  headers: Record<string, string>,
  paymentAccountId: string,
  file: StatementFileText,
  csvProfileId: string | undefined,
): Promise<{ answer: FileImportAnswer; seconds: number; uploadSeconds: number }> {
  const form = new FormData()
  form.append('file', new Blob([file.text], { type: file.contentType }), file.name)
  const started = performance.now()
  const response = await fetch(`${daybook.url}/uploads`, { method: 'POST', headers, body: form })
  if (response.status !== 201)
    throw new Error(`POST /uploads answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
  const { s3Key } = (await response.json()) as { s3Key: string }
  const uploaded = performance.now()
  const answer = await graphqlRequest<FileImportAnswer>(
    daybook.url,
    {
      query: fileImportMutation,
      variables: { organizationId: org.id, paymentAccountId, s3Key, csvProfileId },
    },
    headers,
  )
  const finished = performance.now()
  return { answer, seconds: (finished - started) / 1000, uploadSeconds: (uploaded - started) / 1000 }
}

function checkFileImport(
  answer: FileImportAnswer,
  half: number,
  what: string,
): NonNullable<NonNullable<FileImportAnswer['data']>['importBankStatementFile']> {
  const outcome = answer.data?.importBankStatementFile
  if (!outcome?.success || outcome.importedCount !== half || outcome.skippedCount !== half) {
    throw new Error(
      `${what} should import ${half} rows and skip ${half}; it answered ${JSON.stringify(answer).slice(0, 500)}`,
    )
  }
  return outcome
}
