import type { OrgScope, Principal } from './principal.js'

// A nested field of a list is resolved once per item; read one by one, a page of 200 events or
// contacts would be 200 queries. The field resolvers of a page run one after another in the same
// turn of the event loop, so the keys they ask for are gathered and read together on the next turn.
// Batches are kept per request (its principal) and organization, never shared between callers.

interface OpenBatch<V> {
  keys: Set<string>
  result: Promise<Map<string, V>>
}

export class RequestBatches<V> {
  private readonly open = new WeakMap<Principal, Map<string, OpenBatch<V>>>()

  constructor(private readonly read: (scope: OrgScope, keys: string[]) => Promise<Map<string, V>>) {}

  /** The value of one key, read with the other keys this request asks for in the same turn. */
  load(principal: Principal, scope: OrgScope, key: string): Promise<V | undefined> {
    let byOrganization = this.open.get(principal)
    if (!byOrganization) {
      byOrganization = new Map()
      this.open.set(principal, byOrganization)
    }
    const batches = byOrganization
    const { organizationId } = scope
    let batch = batches.get(organizationId)
    if (!batch) {
      const keys = new Set<string>()
      const result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batches.delete(organizationId)
        return this.read(scope, [...keys])
      })
      batch = { keys, result }
      batches.set(organizationId, batch)
    }
    batch.keys.add(key)
    return batch.result.then((values) => values.get(key))
  }
}
