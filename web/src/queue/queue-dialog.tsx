import type {
  AccountNameFragment,
  CategoryAccountFragment,
  QueueEventFragment,
} from '../api/generated/review-queue'
import type { Outcome } from '../api/outcome'
import { CategoryPicker } from './category-picker'
import { KeysHelp } from './keys-help'
import type { RuleMatcher } from './rule-matcher'

export type OpenDialog = { kind: 'picker'; events: QueueEventFragment[] } | { kind: 'help' } | null

/** The dialog open over the queue, if any: a category for the events, or the keys. */
export function QueueDialog(props: {
  dialog: OpenDialog
  accounts: Outcome<CategoryAccountFragment[]> | null
  matcher: RuleMatcher | null
  onRetryCategories: () => void
  onClassify: (events: QueueEventFragment[], category: AccountNameFragment) => void
  onClose: () => void
}) {
  const { dialog } = props
  return (
    <>
      {dialog?.kind === 'picker' && (
        <CategoryPicker
          title={
            dialog.events.length === 1
              ? `Category for ${dialog.events[0]?.merchantName ?? 'the event'}`
              : `Category for ${dialog.events.length} events`
          }
          accounts={props.accounts}
          suggestedId={suggestedCategoryId(dialog.events, props.matcher)}
          onRetry={props.onRetryCategories}
          onChoose={(account) => props.onClassify(dialog.events, account)}
          onClose={props.onClose}
        />
      )}
      {dialog?.kind === 'help' && <KeysHelp onClose={props.onClose} />}
    </>
  )
}

/** The rules' suggestion when every event gets the same one. */
function suggestedCategoryId(
  events: readonly QueueEventFragment[],
  matcher: RuleMatcher | null,
): string | null {
  const ids = new Set(events.map((event) => matcher?.match(event.merchantName)?.account.id ?? null))
  return ids.size === 1 ? ([...ids][0] ?? null) : null
}
