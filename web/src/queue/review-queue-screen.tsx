import { useClient } from '@urql/preact'
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import { actOnEvents } from '../api/event-actions'
import type { AccountNameFragment, QueueEventFragment } from '../api/generated/review-queue'
import { ReviewQueuePageDocument } from '../api/generated/review-queue'
import { failed, succeeded } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { useObservable } from '../components/observable'
import type { Organization, SessionStore } from '../session/session-store'
import { useCategoryData } from './category-data'
import { CategoryPicker } from './category-picker'
import { EventDetails } from './event-details'
import { KeysHelp } from './keys-help'
import type { QueueCommand } from './queue-keys'
import { QueueList } from './queue-list'
import { ReviewQueueStore } from './review-queue-store'
import { explainCategory, RuleMatcher } from './rule-matcher'

// Typing a search asks the server once the person pauses, not at every letter.
const searchDelayMs = 250

type OpenDialog = { kind: 'picker'; events: QueueEventFragment[] } | { kind: 'help' } | null

export function ReviewQueueScreen({
  organization,
  session,
}: {
  organization: Organization
  session: SessionStore
}) {
  const client = useClient()
  const organizationId = organization.id
  const store = useMemo(
    () =>
      new ReviewQueueStore({
        async fetchPage(search, offset, limit) {
          const answer = await client
            .query(ReviewQueuePageDocument, { organizationId, search: search || null, limit, offset })
            .toPromise()
          const page = answer.data?.listLedgerEvents
          if (page) return succeeded(page)
          return failed(answer.error ? errorInWords(answer.error) : 'The queue came back empty-handed.')
        },
        act: (action, eventIds, onSettled) =>
          actOnEvents(client, session, organizationId, action, eventIds, onSettled),
      }),
    [client, session, organizationId],
  )
  useObservable(store)
  useObservable(session)
  const { accounts, rules, retry } = useCategoryData(client, organizationId)
  const matcher = useMemo(() => (rules?.ok ? new RuleMatcher(rules.value) : null), [rules])
  const [searchText, setSearchText] = useState('')
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const list = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (searchText.trim() === store.search) return
    const timer = window.setTimeout(() => store.setSearch(searchText.trim()), searchDelayMs)
    return () => window.clearTimeout(timer)
  }, [store, searchText])

  // Back from signing in again: whatever failed for want of a token is asked for again.
  const signedIn = session.access.kind === 'signed_in'
  useEffect(() => {
    if (signedIn && store.loadError !== null) store.retryLoading()
  }, [store, signedIn])

  // The list takes the keyboard as soon as there is something in it: the queue is worked by keys.
  const firstLoaded = store.totalCount !== null
  useEffect(() => {
    if (firstLoaded && document.activeElement === document.body) list.current?.focus()
  }, [firstLoaded])

  // Back to the list when a dialog closes; not before, as an open modal dialog keeps focus inside.
  const hadDialog = useRef(false)
  useEffect(() => {
    if (dialog === null && hadDialog.current) list.current?.focus()
    hadDialog.current = dialog !== null
  }, [dialog])

  function closeDialog() {
    setDialog(null)
  }

  function command(name: QueueCommand) {
    if (name === 'help') setDialog({ kind: 'help' })
    else if (name === 'clearSelection') store.clearSelection()
    else if (name === 'confirm') void store.act({ kind: 'confirm' })
    else if (name === 'reject') void store.act({ kind: 'reject' })
    else if (name === 'classify') {
      const events = store.targets()
      if (events.length > 0) setDialog({ kind: 'picker', events })
    }
  }

  function classify(events: QueueEventFragment[], category: AccountNameFragment) {
    closeDialog()
    void store.act({ kind: 'classify', category: { id: category.id, name: category.name } }, events)
  }

  const focused = store.focusedEvent()
  const focusedSuggestion = focused ? explainCategory(focused.category, focused.merchantName, matcher) : null
  const selectedCount = store.selected.size
  const targetWords = (
    <span class="action-target">{selectedCount > 0 ? ` ${selectedCount} selected` : ' this event'}</span>
  )
  const total = store.totalCount

  return (
    <section class="queue-screen" aria-labelledby="queue-heading">
      <div class="queue-top">
        <h1 id="queue-heading">
          Review queue
          <span class="queue-count">
            {total === null ? '' : ` · ${total.toLocaleString('en')} to review`}
          </span>
        </h1>
        <div class="queue-search">
          <label for="queue-search">Search merchant or memo</label>
          <input
            id="queue-search"
            type="search"
            value={searchText}
            onInput={(event) => setSearchText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.isComposing)) {
                event.preventDefault()
                store.setSearch(searchText.trim())
                list.current?.focus()
              }
            }}
          />
        </div>
      </div>

      <div class="queue-actions">
        <span class="selection-count">
          {selectedCount > 0
            ? `${selectedCount} selected`
            : 'Nothing selected: actions apply to the focused event'}
        </span>
        <button type="button" disabled={!focused} onClick={() => command('classify')}>
          Classify{targetWords}… <kbd>C</kbd>
        </button>
        <button type="button" disabled={!focused} onClick={() => command('confirm')}>
          Confirm{targetWords} <kbd>Enter</kbd>
        </button>
        <button type="button" disabled={!focused} onClick={() => command('reject')}>
          Reject{targetWords} <kbd>X</kbd>
        </button>
        {selectedCount > 0 && (
          <button type="button" onClick={() => store.clearSelection()}>
            Clear selection <kbd>Esc</kbd>
          </button>
        )}
        <button type="button" class="refresh-button" onClick={() => store.reload()}>
          Refresh
        </button>
        <button type="button" onClick={() => setDialog({ kind: 'help' })}>
          Keys <kbd>?</kbd>
        </button>
      </div>

      <p class="announcement" role="status" aria-live="polite">
        {store.announcement}
      </p>
      {accounts && !accounts.ok && (
        <ErrorText>
          The accounts could not be loaded, so nothing can be classified: {accounts.error}{' '}
          <button type="button" onClick={retry}>
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
            onRejectAsDuplicate={() => {
              if (focused) void store.act({ kind: 'reject' }, [focused])
            }}
            organizationId={organizationId}
            event={focused}
            state={focused ? store.rowStates.get(focused.id) : undefined}
            suggestion={focusedSuggestion}
          />
        )}
      </div>

      {dialog?.kind === 'picker' && (
        <CategoryPicker
          title={
            dialog.events.length === 1
              ? `Category for ${dialog.events[0]?.merchantName ?? 'the event'}`
              : `Category for ${dialog.events.length} events`
          }
          accounts={accounts}
          suggestedId={suggestedCategoryId(dialog.events, matcher)}
          onRetry={retry}
          onChoose={(account) => classify(dialog.events, account)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'help' && <KeysHelp onClose={closeDialog} />}
    </section>
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
