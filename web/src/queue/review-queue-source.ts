import type { Client } from '@urql/core'
import { useEffect, useMemo } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import { actOnEvents } from '../api/event-actions'
import { ReviewQueuePageDocument } from '../api/generated/review-queue'
import { failed, succeeded } from '../api/outcome'
import { useObservable } from '../components/observable'
import type { SessionStore } from '../session/session-store'
import { ReviewQueueStore } from './review-queue-store'

/** The organization's queue, read from and acted on through the API, rendered again as it changes. */
export function useReviewQueueStore(
  client: Client,
  session: SessionStore,
  organizationId: string,
): ReviewQueueStore {
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

  // Back from signing in again: whatever failed for want of a token is asked for again.
  const signedIn = session.access.kind === 'signed_in'
  useEffect(() => {
    if (signedIn && store.loadError !== null) store.retryLoading()
  }, [store, signedIn])

  return store
}
