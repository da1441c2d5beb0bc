import type { Client } from '@urql/core'
import { useEffect, useState } from 'preact/hooks'
import { ask } from '../api/ask'
import {
  type DocumentContactFragment,
  DocumentContactsDocument,
  DocumentTaxCodesDocument,
} from '../api/generated/invoices'
import type { CategoryAccountFragment } from '../api/generated/review-queue'
import { type Outcome, succeeded } from '../api/outcome'
import { loadAccounts } from '../queue/category-data'
import type { TaxCodeRates } from './document-pricing'

// The API's largest page, and a bound on how many contacts a (very) large organization lists.
const contactsPageSize = 200
const contactPagesMax = 10

export async function loadContacts(
  client: Client,
  organizationId: string,
): Promise<Outcome<DocumentContactFragment[]>> {
  const all: DocumentContactFragment[] = []
  for (let page = 0; page < contactPagesMax; page++) {
    const answer = await ask(
      client,
      DocumentContactsDocument,
      { organizationId, limit: contactsPageSize, offset: all.length },
      (data) => data.listContacts,
    )
    if (!answer.ok) return answer
    all.push(...answer.value.items)
    if (answer.value.items.length === 0 || all.length >= answer.value.totalCount) break
  }
  return succeeded(all)
}

export interface DocumentData {
  contacts: DocumentContactFragment[]
  accounts: CategoryAccountFragment[]
  taxCodes: Array<TaxCodeRates & { name: string }>
}

/** What a document is written with: its possible contacts, accounts and tax codes; null while loading. */
export function useDocumentData(client: Client, organizationId: string, generation: number) {
  const [data, setData] = useState<Outcome<DocumentData> | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is how a change asks again
  useEffect(() => {
    let current = true
    void Promise.all([
      loadContacts(client, organizationId),
      loadAccounts(client, organizationId),
      ask(client, DocumentTaxCodesDocument, { organizationId }, (answer) => answer.listSalesTaxCodes),
    ]).then(([contacts, accounts, taxCodes]) => {
      if (!current) return
      if (!contacts.ok) return setData(contacts)
      if (!accounts.ok) return setData(accounts)
      if (!taxCodes.ok) return setData(taxCodes)
      setData(
        succeeded({ contacts: contacts.value, accounts: accounts.value, taxCodes: taxCodes.value.items }),
      )
    })
    return () => {
      current = false
    }
  }, [client, organizationId, generation])
  return data
}
