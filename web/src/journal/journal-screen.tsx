import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { ask } from '../api/ask'
import { JournalEntriesDocument, type JournalEntryFieldsFragment } from '../api/generated/journal'
import type { CategoryAccountFragment } from '../api/generated/review-queue'
import type { Outcome } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import type { ScreenProps } from '../navigation/lazy-screen'
import { loadAccounts } from '../queue/category-data'
import { useRights } from '../session/rights'
import { JournalEntryForm } from './journal-entry-form'
import { JournalList, journalSources } from './journal-list'

/** Manual entries typed and posted, and the whole journal read back by source. */
export function JournalScreen({ organization }: ScreenProps) {
  const client = useClient()
  const { writes } = useRights()
  const organizationId = organization.id
  const [accounts, setAccounts] = useState<Outcome<CategoryAccountFragment[]> | null>(null)
  const [source, setSource] = useState('')
  const [entries, setEntries] = useState<Outcome<{
    totalCount: number
    items: JournalEntryFieldsFragment[]
  }> | null>(null)
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    void loadAccounts(client, organizationId).then(setAccounts)
  }, [client, organizationId])
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is how a change asks again
  useEffect(() => {
    let current = true
    void ask(
      client,
      JournalEntriesDocument,
      { organizationId, sources: source ? [source] : null },
      (data) => data.listJournalEntries,
    ).then((answer) => current && setEntries(answer))
    return () => {
      current = false
    }
  }, [client, organizationId, source, generation])
  const refresh = () => setGeneration((count) => count + 1)

  return (
    <div class="page-screen journal-screen">
      <h1>Journal</h1>
      {writes && (
        <PageSection
          id="new-entry"
          title="New entry"
          description="Accruals, depreciation, corrections: every line a debit or a credit, posted at once when they balance."
        >
          {accounts?.ok === false && <ErrorText>{accounts.error}</ErrorText>}
          {accounts?.ok && (
            <JournalEntryForm organizationId={organizationId} accounts={accounts.value} onPosted={refresh} />
          )}
        </PageSection>
      )}
      <PageSection id="entries" title="Entries" description="Every entry of the books, newest first.">
        <div class="field">
          <label for="journal-source">Show</label>
          <select
            id="journal-source"
            value={source}
            onChange={(event) => setSource(event.currentTarget.value)}
          >
            <option value="">Every entry</option>
            {journalSources.map((known) => (
              <option key={known.source} value={known.source}>
                {known.label}
              </option>
            ))}
          </select>
        </div>
        {entries === null && <p class="muted">Loading…</p>}
        {entries?.ok === false && <ErrorText>{entries.error}</ErrorText>}
        {entries?.ok && (
          <>
            <p class="muted">
              {entries.value.totalCount} {entries.value.totalCount === 1 ? 'entry' : 'entries'}
              {entries.value.totalCount > entries.value.items.length
                ? `, the newest ${entries.value.items.length} shown`
                : ''}
            </p>
            <JournalList organizationId={organizationId} entries={entries.value.items} onChanged={refresh} />
          </>
        )}
      </PageSection>
    </div>
  )
}
