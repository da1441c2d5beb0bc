import { rulePatterns } from './bank-import.js'
import {
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  graphqlRequest,
  type RunningServer,
  startDaybook,
} from './harness.js'
import { type BenchOrg, createOrgs, expenseBrandNames, randomSource, vendors } from './seed.js'

// Issue: rules with conditions. A statement of 10,000 new rows imported into an organization with
// 1,000 rules (today's 100 vendor patterns and 900 of conditions on the amount, the memo, the
// reference, the direction and the payment account) against the same import into one with the 100
// vendor patterns alone: rules are evaluated in one pass per import, so the first stays within 1.5
// times the second. The organizations take turns, round after round, on one server.

const rowsPerImport = 10_000
const rounds = 5
const conditionRuleCount = 900

const importMutation = `mutation Import($organizationId: UUID!, $paymentAccountId: UUID!, $rows: [BankStatementRowInput!]!) {
  importBankStatement(organizationId: $organizationId, paymentAccountId: $paymentAccountId, rows: $rows) {
    success error importedCount
  }
}`

const ruleMutation = `mutation Rule($organizationId: UUID!, $vendorPattern: String, $categoryId: UUID!,
    $conditions: [RuleConditionInput!], $conditionMatch: String, $priority: Int, $paymentAccountIds: [UUID!]) {
  createCategoryRule(organizationId: $organizationId, vendorPattern: $vendorPattern, categoryId: $categoryId,
      conditions: $conditions, conditionMatch: $conditionMatch, priority: $priority, paymentAccountIds: $paymentAccountIds) {
    success error
  }
}`

type RuleInput = Record<string, unknown> & { categoryId: string }

/**
 * 900 rules of conditions, in three shapes a bookkeeper writes: a brand's large purchases
 * (pattern and amount), an invoice number in the memo or a reference prefix (any of two), and a
 * brand on the card only, out of the account, at a priority. Few of them match the statement's rows.
 */
function conditionRules(org: BenchOrg): RuleInput[] {
  const expenses = org.accounts.expenses
  const rules: RuleInput[] = []
  for (let i = 0; i < conditionRuleCount; i++) {
    const brand = expenseBrandNames[i % expenseBrandNames.length] as string
    const categoryId = expenses[i % expenses.length] as string
    const shape = i % 3
    if (shape === 0) {
      rules.push({
        categoryId,
        vendorPattern: `${brand}%`,
        conditions: [
          { field: 'amount', operator: 'between', value: `${1000 + i}.00`, value2: `${2000 + i}.00` },
        ],
      })
    } else if (shape === 1) {
      rules.push({
        categoryId,
        conditionMatch: 'any',
        conditions: [
          { field: 'memo', operator: 'contains', value: `INV-${10_000 + i}` },
          { field: 'reference', operator: 'starts_with', value: `PO${i}-` },
        ],
      })
    } else {
      rules.push({
        categoryId,
        priority: i % 10,
        paymentAccountIds: [org.accounts.creditCard],
        conditions: [
          { field: 'merchant', operator: 'starts_with', value: brand },
          { field: 'direction', operator: 'equals', value: 'out' },
          { field: 'amount', operator: 'gt', value: `${500 + i}.00`, negate: true },
        ],
      })
    }
  }
  return rules
}

async function createRules(daybook: RunningServer, org: BenchOrg, rules: RuleInput[]): Promise<number> {
  const started = performance.now()
  const headers = { authorization: `Bearer ${org.key}` }
  for (const rule of rules) {
    const answer = await graphqlRequest<{ data?: { createCategoryRule: { success: boolean } | null } }>(
      daybook.url,
      { query: ruleMutation, variables: { organizationId: org.id, ...rule } },
      headers,
    )
    if (!answer.data?.createCategoryRule?.success)
      throw new Error(`createCategoryRule failed: ${JSON.stringify(answer).slice(0, 300)}`)
  }
  return (performance.now() - started) / 1000
}

/** 10,000 new rows of the seed's vendors, the same for every organization of a round. */
function statement(round: number): Array<Record<string, string>> {
  const random = randomSource(500 + round)
  const expensesOnly = vendors.filter((vendor) => vendor.eventType === 'expense')
  return Array.from({ length: rowsPerImport }, (_, i) => {
    const vendor = expensesOnly[Math.floor(random() * expensesOnly.length)] as (typeof expensesOnly)[number]
    const minor = Math.max(100, Math.round(vendor.typicalMinor * 3 ** (random() * 2 - 1)))
    return {
      transactionDate: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      description: vendor.name,
      amount: `-${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`,
      eventType: 'expense',
      reference: `R${round}-${i}`,
    }
  })
}

async function timedImport(daybook: RunningServer, org: BenchOrg, rows: Array<Record<string, string>>) {
  const started = performance.now()
  const answer = await graphqlRequest<{
    data?: { importBankStatement: { success: boolean; importedCount: number } | null }
  }>(
    daybook.url,
    {
      query: importMutation,
      variables: { organizationId: org.id, paymentAccountId: org.accounts.chequing, rows },
    },
    { authorization: `Bearer ${org.key}` },
  )
  const ms = performance.now() - started
  const imported = answer.data?.importBankStatement?.importedCount ?? 0
  // The generator may repeat a row (vendor, day and amount), which the import skips as a duplicate.
  if (!answer.data?.importBankStatement?.success || imported < rows.length * 0.99)
    throw new Error(`importBankStatement answered ${JSON.stringify(answer).slice(0, 300)}`)
  return { ms, imported }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.floor(sorted.length / 2)] as number
}

export async function benchRules(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target: EngineTarget = await freshEngine(engine)
  try {
    const [today, many] = (await createOrgs(target, ['Rules Today', 'Rules Many'])) as [BenchOrg, BenchOrg]
    const daybook = await startDaybook(target)
    const timesMs = { today: [] as number[], many: [] as number[] }
    let rulesSeconds: number
    try {
      await createRules(daybook, today, rulePatterns(today))
      rulesSeconds = await createRules(daybook, many, [...rulePatterns(many), ...conditionRules(many)])
      // One import each first, so neither is timed cold.
      await timedImport(daybook, today, statement(-1).slice(0, 1000))
      await timedImport(daybook, many, statement(-2).slice(0, 1000))
      for (let round = 0; round < rounds; round++) {
        const rows = statement(round)
        const fewer = await timedImport(daybook, today, rows)
        const more = await timedImport(daybook, many, rows)
        if (fewer.imported !== more.imported)
          throw new Error(`the same rows imported ${fewer.imported} and ${more.imported} times`)
        timesMs.today.push(fewer.ms)
        timesMs.many.push(more.ms)
      }
    } finally {
      await daybook.stop()
    }
    const manyMs = median(timesMs.many)
    const todayMs = median(timesMs.today)
    const list = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(' / ')
    return [
      {
        section: 'Rules',
        name: `importBankStatement, ${rowsPerImport.toLocaleString('en-US')} new rows into an organization with 1,000 rules (100 vendor patterns, ${conditionRuleCount} of conditions)`,
        engine,
        value: manyMs,
        unit: 'ms',
        baselineName: 'the same import into an organization with the 100 vendor patterns alone',
        baseline: todayMs,
        ratio: manyMs / todayMs,
        target: '<= 1.5',
        extra: `median of ${rounds} rounds, the organizations taking turns (1,000 rules: ${list(timesMs.many)} ms; 100: ${list(timesMs.today)} ms); the 1,000 rules took ${rulesSeconds.toFixed(1)} s to create over GraphQL`,
      },
    ]
  } finally {
    await disposeEngine(target)
  }
}
