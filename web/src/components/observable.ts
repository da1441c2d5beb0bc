import { useEffect, useState } from 'preact/hooks'

/** State that lives outside any one component, so it survives screens coming and going. */
export class Observable {
  private readonly listeners = new Set<() => void>()

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  protected notifyChanged(): void {
    for (const listener of this.listeners) listener()
  }
}

/** Renders the component again whenever the observable reports a change. */
export function useObservable<T extends Observable>(observable: T): T {
  const [, setVersion] = useState(0)
  useEffect(() => observable.subscribe(() => setVersion((version) => version + 1)), [observable])
  return observable
}
