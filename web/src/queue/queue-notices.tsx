import type { CategoryAccountFragment, QueueCategoryRuleFragment } from '../api/generated/review-queue'
import type { Outcome } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import type { ReviewQueueStore } from './review-queue-store'

/** What the queue last did, said aloud, and what could not be loaded, each with a way to ask again. */
export function QueueNotices(props: {
  store: ReviewQueueStore
  accounts: Outcome<CategoryAccountFragment[]> | null
  rules: Outcome<QueueCategoryRuleFragment[]> | null
  onRetryCategories: () => void
}) {
  const { store, accounts, rules } = props
  return (
    <>
      <p class="announcement" role="status" aria-live="polite">
        {store.announcement}
      </p>
      {accounts && !accounts.ok && (
        <ErrorText>
          The accounts could not be loaded, so nothing can be classified: {accounts.error}{' '}
          <button type="button" onClick={props.onRetryCategories}>
            Try again
          </button>
        </ErrorText>
      )}
      {rules && !rules.ok && <ErrorText>The category rules could not be loaded: {rules.error}</ErrorText>}
      {store.loadError !== null && (
        <ErrorText>
          The queue could not be loaded: {store.loadError}{' '}
          <button type="button" onClick={() => store.retryLoading()}>
            Try again
          </button>
        </ErrorText>
      )}
    </>
  )
}
