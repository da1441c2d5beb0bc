import type { Client } from '@urql/core'
import { useEffect, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import {
  type CategoryAccountFragment,
  CategoryAccountsDocument,
  CategoryRulesDocument,
  type QueueCategoryRuleFragment,
} from '../api/generated/review-queue'
import { failed, type Outcome, succeeded } from '../api/outcome'

// The API's largest page, and a bound on how much of a (very) large chart or rule set is read.
const pageSize = 200
const pagesMax = 10

async function readAll<T>(
  readPage: (offset: number) => Promise<Outcome<{ totalCount: number; items: T[] }>>,
): Promise<Outcome<T[]>> {
  const all: T[] = []
  for (let page = 0; page < pagesMax; page++) {
    const answer = await readPage(all.length)
    if (!answer.ok) return answer
    all.push(...answer.value.items)
    if (answer.value.items.length === 0 || all.length >= answer.value.totalCount) break
  }
  return succeeded(all)
}

// Expenses first: most of a bank feed is money going out.
const classificationOrder: Record<string, number> = {
  expense: 0,
  revenue: 1,
  liability: 2,
  equity: 3,
  asset: 4,
}

/** Every account of the organization, a page at a time. */
export function loadAccounts(
  client: Client,
  organizationId: string,
): Promise<Outcome<CategoryAccountFragment[]>> {
  return readAll(async (offset) => {
    const answer = await client
      .query(CategoryAccountsDocument, { organizationId, limit: pageSize, offset })
      .toPromise()
    const page = answer.data?.listAccounts
    return page
      ? succeeded(page)
      : failed(answer.error ? errorInWords(answer.error) : 'No accounts came back.')
  }).then((answer) =>
    answer.ok
      ? succeeded(
          answer.value
            .filter((account) => account.active)
            .sort(
              (x, y) =>
                (classificationOrder[x.classification] ?? 9) - (classificationOrder[y.classification] ?? 9) ||
                x.name.localeCompare(y.name),
            ),
        )
      : answer,
  )
}

function loadRules(client: Client, organizationId: string): Promise<Outcome<QueueCategoryRuleFragment[]>> {
  return readAll(async (offset) => {
    const answer = await client
      .query(CategoryRulesDocument, { organizationId, limit: pageSize, offset })
      .toPromise()
    const page = answer.data?.listCategoryRules
    return page ? succeeded(page) : failed(answer.error ? errorInWords(answer.error) : 'No rules came back.')
  })
}

/** The organization's accounts a category may be, and its category rules; null while loading. */
export function useCategoryData(client: Client, organizationId: string) {
  const [accounts, setAccounts] = useState<Outcome<CategoryAccountFragment[]> | null>(null)
  const [rules, setRules] = useState<Outcome<QueueCategoryRuleFragment[]> | null>(null)
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is how a retry asks again
  useEffect(() => {
    let current = true
    setAccounts(null)
    setRules(null)
    void loadAccounts(client, organizationId).then((answer) => current && setAccounts(answer))
    void loadRules(client, organizationId).then((answer) => current && setRules(answer))
    return () => {
      current = false
    }
  }, [client, organizationId, attempt])

  return { accounts, rules, retry: () => setAttempt((count) => count + 1) }
}
