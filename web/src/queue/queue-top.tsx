import type { RefObject } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import type { ReviewQueueStore } from './review-queue-store'

// Typing a search asks the server once the person pauses, not at every letter.
const searchDelayMs = 250

/** The queue's heading with how much waits, and the search that narrows it. */
export function QueueTop({
  store,
  listRef,
}: {
  store: ReviewQueueStore
  listRef: RefObject<HTMLDivElement | null>
}) {
  const [searchText, setSearchText] = useState('')
  const total = store.totalCount

  useEffect(() => {
    if (searchText.trim() === store.search) return
    const timer = window.setTimeout(() => store.setSearch(searchText.trim()), searchDelayMs)
    return () => window.clearTimeout(timer)
  }, [store, searchText])

  return (
    <div class="queue-top">
      <h1 id="queue-heading">
        Review queue
        <span class="queue-count">{total === null ? '' : ` · ${total.toLocaleString('en')} to review`}</span>
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
              listRef.current?.focus()
            }
          }}
        />
      </div>
    </div>
  )
}
