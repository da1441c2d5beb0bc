import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { SetOpeningBalancesDocument } from '../api/generated/journal'
import type { CategoryAccountFragment } from '../api/generated/review-queue'
import { mutate } from '../api/mutate'
import type { Outcome } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import { type DraftLine, emptyLine, linesInput } from '../journal/journal-lines'
import { JournalLinesEditor } from '../journal/journal-lines-editor'
import { loadAccounts } from '../queue/category-data'

/** The balances a business brings from its last system; set again, they replace the last ones. */
export function OpeningBalancesSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const [accounts, setAccounts] = useState<Outcome<CategoryAccountFragment[]> | null>(null)
  const [date, setDate] = useState('')
  const [lines, setLines] = useState<DraftLine[]>([emptyLine()])
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState('')
  useEffect(() => {
    void loadAccounts(client, organizationId).then(setAccounts)
  }, [client, organizationId])

  async function save() {
    setError(null)
    setSaved('')
    const outcome = await mutate(
      client,
      SetOpeningBalancesDocument,
      { organizationId, date, lines: linesInput(lines) },
      (data) => data.setOpeningBalances,
    )
    if (!outcome.ok) return setError(outcome.error)
    setSaved(`Opening balances of ${date} posted; any difference is in Opening Balance Equity.`)
  }

  return (
    <PageSection
      id="opening-balances"
      title="Opening balances"
      description="Each account's balance on the day before the books start here. What the lines leave unbalanced goes to Opening Balance Equity; setting them again replaces the last ones."
    >
      {accounts?.ok === false && <ErrorText>{accounts.error}</ErrorText>}
      {accounts?.ok && (
        <form
          aria-label="Opening balances"
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          <div class="field">
            <label for="opening-date">Balances as of</label>
            <input
              id="opening-date"
              type="date"
              required
              value={date}
              onInput={(e) => setDate(e.currentTarget.value)}
            />
          </div>
          <JournalLinesEditor id="opening-line" accounts={accounts.value} lines={lines} onChange={setLines} />
          <button type="submit" class="primary">
            Set opening balances
          </button>
        </form>
      )}
      {error && <ErrorText>{error}</ErrorText>}
      {saved && (
        <p class="saved-note" role="status">
          {saved}
        </p>
      )}
    </PageSection>
  )
}
