import { useClient } from '@urql/preact'
import { useMemo, useRef, useState } from 'preact/hooks'
import type { AccountNameFragment, QueueEventFragment } from '../api/generated/review-queue'
import { useRights } from '../session/rights'
import type { Organization, SessionStore } from '../session/session-store'
import { useCategoryData } from './category-data'
import { payWithLine, useDocumentMatch } from './document-match'
import { EventDetails } from './event-details'
import { QueueActions } from './queue-actions'
import { type OpenDialog, QueueDialog } from './queue-dialog'
import { useQueueListFocus } from './queue-focus'
import { offered, type QueueCommand } from './queue-keys'
import { QueueList } from './queue-list'
import { QueueNotices } from './queue-notices'
import { QueueTop } from './queue-top'
import { useReviewQueueStore } from './review-queue-source'
import { explainCategory, RuleMatcher } from './rule-matcher'

export function ReviewQueueScreen({
  organization,
  session,
}: {
  organization: Organization
  session: SessionStore
}) {
  const client = useClient()
  const rights = useRights()
  const { writes } = rights
  const organizationId = organization.id
  const store = useReviewQueueStore(client, session, organizationId)
  const { accounts, rules, retry } = useCategoryData(client, organizationId)
  const matcher = useMemo(() => (rules?.ok ? new RuleMatcher(rules.value) : null), [rules])
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const list = useRef<HTMLDivElement>(null)
  useQueueListFocus(list, store.totalCount !== null, dialog !== null)
  const focused = store.focusedEvent()
  const match = useDocumentMatch(client, organizationId, focused)
  const payMatch = () => {
    const best = match?.ok ? match.value.best : null
    if (focused && match?.ok && best)
      void payWithLine(client, store, organizationId, focused, { ...match.value, best })
  }

  function closeDialog() {
    setDialog(null)
  }

  function command(name: QueueCommand) {
    if (!offered(name, rights)) return
    if (name === 'help') setDialog({ kind: 'help' })
    else if (name === 'clearSelection') store.clearSelection()
    else if (name === 'confirm') void store.act({ kind: 'confirm' })
    else if (name === 'reject') void store.act({ kind: 'reject' })
    else if (name === 'payMatch') payMatch()
    else if (name === 'classify') {
      const events = store.targets()
      if (events.length > 0) setDialog({ kind: 'picker', events })
    }
  }

  function classify(events: QueueEventFragment[], category: AccountNameFragment) {
    closeDialog()
    void store.act({ kind: 'classify', category: { id: category.id, name: category.name } }, events)
  }

  const focusedSuggestion = focused ? explainCategory(focused.category, focused.merchantName, matcher) : null
  const total = store.totalCount

  return (
    <section class="queue-screen" aria-labelledby="queue-heading">
      <QueueTop store={store} listRef={list} />
      <QueueActions store={store} onCommand={command} />
      <QueueNotices store={store} accounts={accounts} rules={rules} onRetryCategories={retry} />

      <div class="queue-body">
        <div class="queue-list-frame">
          {total === 0 ? (
            <p class="queue-empty">
              {store.search
                ? `No event to review matches “${store.search}”.`
                : 'Nothing to review: every event is classified and confirmed.'}
            </p>
          ) : (
            <>
              {total === null && store.loadError === null && <p class="queue-loading">Loading the queue…</p>}
              <QueueList store={store} matcher={matcher} listRef={list} onCommand={command} />
            </>
          )}
        </div>
        {focusedSuggestion && (
          <EventDetails
            client={client}
            session={session}
            onRejectAsDuplicate={
              writes
                ? () => {
                    if (focused) void store.act({ kind: 'reject' }, [focused])
                  }
                : null
            }
            organizationId={organizationId}
            event={focused}
            state={focused ? store.rowStates.get(focused.id) : undefined}
            suggestion={focusedSuggestion}
            accounts={accounts}
            onEventChanged={(changed) => store.replaceEvent(changed)}
            match={match}
            onPayMatch={rights.writesDocuments ? payMatch : null}
          />
        )}
      </div>

      <QueueDialog
        dialog={dialog}
        accounts={accounts}
        matcher={matcher}
        onRetryCategories={retry}
        onClassify={classify}
        onClose={closeDialog}
      />
    </section>
  )
}
