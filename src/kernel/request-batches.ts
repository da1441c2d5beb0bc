// A nested field of a list is resolved once per item; read one by one, a page of 200 events or
// contacts would be 200 queries. The field resolvers of a page run one after another in the same
// turn of the event loop, so the keys they ask for are gathered and read together on the next turn.
// Batches are kept per request (the object that stands for it, its principal) and organization,
// never shared between callers.

interface OpenBatch<V> {
  keys: Set<string>
  result: Promise<Map<string, V>>
}

export class RequestBatches<V, S extends { readonly organizationId: string }> {
  private readonly open = new WeakMap<object, Map<string, OpenBatch<V>>>()

  constructor(private readonly read: (scope: S, keys: string[]) => Promise<Map<string, V>>) {}

  /** The value of one key, read with the other keys this request asks for in the same turn. */
  load(request: object, scope: S, key: string): Promise<V | undefined> {
    let byOrganization = this.open.get(request)
    if (!byOrganization) {
      byOrganization = new Map()
      this.open.set(request, byOrganization)
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
