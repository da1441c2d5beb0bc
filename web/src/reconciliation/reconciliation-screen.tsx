import { useClient, useQuery } from '@urql/preact'
import { useState } from 'preact/hooks'
import {
  ReconcilableAccountsDocument,
  type ReconciliationFieldsFragment,
  ReconciliationHistoryDocument,
  StartReconciliationDocument,
} from '../api/generated/reconciliation'
import { mutate } from '../api/mutate'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import { isDecimal } from '../format/decimal'
import type { ScreenProps } from '../navigation/lazy-screen'
import { useRights } from '../session/rights'
import { OpenReconciliation } from './open-reconciliation'
import type { ReconcilableAccount } from './reconcilable-account'
import { ReconciliationHistory } from './reconciliation-history'

// The accounts a bank or card statement is about: the API's payment accounts.
const paymentTypes = new Set(['bank', 'credit_card'])
const accountsMax = 200
const historyShownMax = 50

/**
 * Reconciliation: the statement's closing balance against the books. Pick the account, give the
 * statement's date and balance, tick the posted events the statement shows until the difference
 * is zero, then finish (or post the rest to an adjustment account). Undo reopens the last one.
 */
export function ReconciliationScreen({ organization }: ScreenProps) {
  const organizationId = organization.id
  const [accounts] = useQuery({
    query: ReconcilableAccountsDocument,
    variables: { organizationId, limit: accountsMax },
  })
  const [accountId, setAccountId] = useState('')
  const allAccounts = accounts.data?.listAccounts?.items ?? []
  const choices = allAccounts.filter((account) => account.active && paymentTypes.has(account.accountType))
  const account = choices.find((each) => each.id === accountId)

  return (
    <div class="page-screen reconciliation-screen">
      <h1>Reconciliation</h1>
      <PageSection
        id="reconcile-account"
        title="Statement"
        description="Choose the bank or card account, then give the statement's closing date and balance."
        loadError={accounts.error}
      >
        <div class="inline-form">
          <div class="field">
            <label for="reconcile-account-choice">Account to reconcile</label>
            <select
              id="reconcile-account-choice"
              value={accountId}
              onChange={(event) => setAccountId(event.currentTarget.value)}
            >
              <option value="">Choose an account</option>
              {choices.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                  {each.lastFour ? ` ··${each.lastFour}` : ''}
                </option>
              ))}
            </select>
          </div>
        </div>
      </PageSection>
      {account && (
        <AccountReconciliation
          key={account.id}
          organizationId={organizationId}
          account={account}
          adjustmentChoices={allAccounts.filter((each) => each.active && each.id !== account.id)}
        />
      )}
    </div>
  )
}

function AccountReconciliation(props: {
  organizationId: string
  account: ReconcilableAccount
  adjustmentChoices: ReconcilableAccount[]
}) {
  const { organizationId, account } = props
  const { writes } = useRights()
  const [history, refetchHistory] = useQuery({
    query: ReconciliationHistoryDocument,
    variables: { organizationId, paymentAccountId: account.id, limit: historyShownMax },
  })
  const reconciliations = history.data?.listReconciliations?.items ?? []
  const open = reconciliations.find((each) => each.status === 'open')
  const refresh = () => refetchHistory({ requestPolicy: 'network-only' })

  return (
    <>
      {history.fetching && !history.data && <p class="screen-loading">Loading…</p>}
      {history.data &&
        (open ? (
          <OpenReconciliation
            key={open.id}
            organizationId={organizationId}
            account={account}
            reconciliation={open}
            adjustmentChoices={props.adjustmentChoices}
            onFinished={refresh}
          />
        ) : (
          writes && <StartForm organizationId={organizationId} account={account} onStarted={refresh} />
        ))}
      <ReconciliationHistory
        organizationId={organizationId}
        reconciliations={reconciliations}
        totalCount={history.data?.listReconciliations?.totalCount ?? 0}
        loadError={history.error}
        onUndone={refresh}
      />
    </>
  )
}

function StartForm(props: {
  organizationId: string
  account: ReconcilableAccount
  onStarted: (reconciliation: ReconciliationFieldsFragment) => void
}) {
  const client = useClient()
  const [statementDate, setStatementDate] = useState('')
  const [statementBalance, setStatementBalance] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function start(event: Event) {
    event.preventDefault()
    const balance = statementBalance.trim().replace(/,/g, '')
    if (!isDecimal(balance)) return setError('Give the balance as a number such as 1234.56 or -80.00.')
    setBusy(true)
    setError(null)
    const outcome = await mutate(
      client,
      StartReconciliationDocument,
      {
        organizationId: props.organizationId,
        paymentAccountId: props.account.id,
        statementDate,
        statementBalance: balance,
      },
      (data) => data.startReconciliation,
    )
    setBusy(false)
    if (!outcome.ok) return setError(outcome.error)
    if (outcome.value.reconciliation) props.onStarted(outcome.value.reconciliation)
  }

  return (
    <PageSection
      id="start-reconciliation"
      title={`Start reconciling ${props.account.name}`}
      description={
        props.account.classification === 'liability'
          ? 'The balance as the statement shows it: what is owed on the card is a positive balance.'
          : 'The balance as the statement shows it: money in the account is a positive balance.'
      }
    >
      <form class="inline-form" onSubmit={start} aria-describedby={error ? 'start-error' : undefined}>
        <div class="field">
          <label for="statement-date">Statement date</label>
          <input
            id="statement-date"
            type="date"
            required
            value={statementDate}
            onInput={(event) => setStatementDate(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="statement-balance">Statement closing balance</label>
          <input
            id="statement-balance"
            type="text"
            inputMode="decimal"
            required
            autoComplete="off"
            value={statementBalance}
            onInput={(event) => setStatementBalance(event.currentTarget.value)}
          />
        </div>
        <button type="submit" class="primary" disabled={busy}>
          Start reconciling
        </button>
      </form>
      {error && <ErrorText id="start-error">{error}</ErrorText>}
    </PageSection>
  )
}
