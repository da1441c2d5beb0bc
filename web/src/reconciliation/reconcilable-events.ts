import type { Client } from '@urql/core'
import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import { ReconcilableEventsDocument, type ReconcilableEventsQuery } from '../api/generated/reconciliation'
import { failed, type Outcome, succeeded } from '../api/outcome'

export type ReconcilableEvent = NonNullable<ReconcilableEventsQuery['listLedgerEvents']>['items'][number]

export type ReconcilableEvents = Outcome<{ items: ReconcilableEvent[]; complete: boolean }>

// The API's page bound; a statement period with more posted events than the cap is reconciled
// through the API (the screen says so rather than showing a difference it cannot explain).
const eventsPageSize = 200
const eventsPagesMax = 10
export const eventsListedMax = eventsPageSize * eventsPagesMax

/** The account's posted events up to the statement date; null while they are on their way. */
export function useReconcilableEvents(
  organizationId: string,
  accountId: string,
  statementDate: string,
): ReconcilableEvents | null {
  const client = useClient()
  const [events, setEvents] = useState<ReconcilableEvents | null>(null)
  useEffect(() => {
    let current = true
    loadEvents(client, organizationId, accountId, statementDate).then((answer) => {
      if (current) setEvents(answer)
    })
    return () => {
      current = false
    }
  }, [client, organizationId, accountId, statementDate])
  return events
}

async function loadEvents(
  client: Client,
  organizationId: string,
  accountId: string,
  statementDate: string,
): Promise<ReconcilableEvents> {
  const items: ReconcilableEvent[] = []
  for (let page = 0; page < eventsPagesMax; page += 1) {
    const answer = await client
      .query(ReconcilableEventsDocument, {
        organizationId,
        accountId,
        dateTo: statementDate,
        limit: eventsPageSize,
        offset: page * eventsPageSize,
      })
      .toPromise()
    const listed = answer.data?.listLedgerEvents
    if (!listed) return failed(answer.error ? errorInWords(answer.error) : 'No answer came back.')
    // accountIds matches the category too; only events paid through this account are on its statement.
    items.push(...listed.items.filter((event) => event.paymentAccount?.id === accountId))
    if ((page + 1) * eventsPageSize >= listed.totalCount) return succeeded({ items, complete: true })
  }
  return succeeded({ items, complete: false })
}
