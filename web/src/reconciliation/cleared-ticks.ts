import { useClient } from '@urql/preact'
import { useRef, useState } from 'preact/hooks'
import {
  type ReconciliationFieldsFragment,
  SetReconciliationClearedDocument,
} from '../api/generated/reconciliation'
import { mutate } from '../api/mutate'

// setReconciliationCleared takes at most 500 events a call.
const clearedPerCallMax = 500

/**
 * The reconciliation as the server last answered it, the ticks still on their way, and the
 * failures of those that did not go through.
 */
export function useClearedTicks(
  organizationId: string,
  initial: ReconciliationFieldsFragment,
  /** Told of every tick, as one makes an earlier refusal to finish stale. */
  onTick: () => void,
) {
  const client = useClient()
  const [reconciliation, setReconciliation] = useState(initial)
  // Ticks sent but not yet answered: the event's wanted state.
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map())
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<string, string>>(new Map())
  const serverCleared = new Set(reconciliation.clearedEventIds)
  const isCleared = (id: string) => pending.get(id) ?? serverCleared.has(id)

  // Ticks are sent one call after another: each answer is the whole reconciliation, so answers
  // arriving out of order would put an older state over a newer one.
  const sending = useRef<Promise<void>>(Promise.resolve())

  function setCleared(ids: string[], cleared: boolean) {
    if (ids.length === 0) return
    setPending((before) => new Map([...before, ...ids.map((id) => [id, cleared] as const)]))
    setRowErrors((before) => new Map([...before].filter(([id]) => !ids.includes(id))))
    onTick()
    for (let start = 0; start < ids.length; start += clearedPerCallMax) {
      const batch = ids.slice(start, start + clearedPerCallMax)
      sending.current = sending.current.then(() => sendCleared(batch, cleared))
    }
  }

  async function sendCleared(batch: string[], cleared: boolean) {
    const outcome = await mutate(
      client,
      SetReconciliationClearedDocument,
      { organizationId, reconciliationId: reconciliation.id, eventIds: batch, cleared },
      (data) => data.setReconciliationCleared,
    )
    if (outcome.ok && outcome.value.reconciliation) setReconciliation(outcome.value.reconciliation)
    if (!outcome.ok) {
      const message = outcome.error
      setRowErrors((before) => new Map([...before, ...batch.map((id) => [id, message] as const)]))
    }
    // A box ticked again while this call was out stays pending for the call that carries it.
    setPending(
      (before) => new Map([...before].filter(([id, wanted]) => !(batch.includes(id) && wanted === cleared))),
    )
  }

  return { reconciliation, pending, rowErrors, isCleared, setCleared }
}
