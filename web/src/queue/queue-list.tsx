import type { RefObject } from 'preact'
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { commandFor, type QueueCommand } from './queue-keys'
import { QueueRow, rowElementId } from './queue-row'
import type { ReviewQueueStore } from './review-queue-store'
import { explainCategory, type RuleMatcher } from './rule-matcher'

// Rows beyond the screen kept rendered, so a key press or a short scroll never shows a blank.
const overscanRows = 6
// Scrolling fast through thousands of rows asks only for where the scroll came to rest.
const fetchDelayMs = 80

/** The row height is set in CSS (it differs on phones); the list reads it from there. */
function rowHeightOf(element: HTMLElement): number {
  const height = Number.parseFloat(getComputedStyle(element).getPropertyValue('--row-height'))
  return Number.isFinite(height) && height > 0 ? height : 56
}

/** The list's height, its rows' and its header's, measured again whenever the list is resized. */
function useViewport(listRef: RefObject<HTMLDivElement | null>, header: RefObject<HTMLDivElement | null>) {
  const [viewport, setViewport] = useState({ height: 600, rowHeight: 56, headerHeight: 32 })
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    const measure = () =>
      setViewport({
        height: list.clientHeight,
        rowHeight: rowHeightOf(list),
        headerHeight: header.current?.offsetHeight ?? 0,
      })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(list)
    return () => observer.disconnect()
  }, [listRef, header])
  return viewport
}

/** Keeps the focused row on screen as the keys move it, scrolling no more than needed. */
function useFocusedRowInView(
  listRef: RefObject<HTMLDivElement | null>,
  focused: number,
  count: number,
  rowHeight: number,
  rowsHeight: number,
) {
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list || count === 0) return
    const top = focused * rowHeight
    const bottom = top + rowHeight
    if (top < list.scrollTop) list.scrollTop = top
    else if (bottom > list.scrollTop + rowsHeight) list.scrollTop = bottom - rowsHeight
  }, [focused, count, rowHeight, rowsHeight, listRef])
}

/** The keys that move the focus or tick a row are the list's own; the others go to the screen. */
function runKey(
  store: ReviewQueueStore,
  event: KeyboardEvent,
  count: number,
  screenful: number,
  onCommand: (command: QueueCommand) => void,
) {
  const command = commandFor(event)
  if (!command) return
  event.preventDefault()
  if (command === 'next') store.moveFocus(1)
  else if (command === 'previous') store.moveFocus(-1)
  else if (command === 'pageDown') store.moveFocus(screenful)
  else if (command === 'pageUp') store.moveFocus(-screenful)
  else if (command === 'first') store.focus(0)
  else if (command === 'last') store.focus(count - 1)
  else if (command === 'toggleSelection') {
    const event = store.focusedEvent()
    if (event) store.toggleSelected(event.id)
  } else if (command === 'selectAll') void store.selectAll()
  else onCommand(command)
}

/**
 * The queue as a virtualized, multi-select listbox: only the rows on screen are in the document,
 * whatever the queue's length, and the list itself holds the keyboard focus (the focused row is
 * its active descendant), so it is one stop in the tab order.
 */
export function QueueList(props: {
  store: ReviewQueueStore
  matcher: RuleMatcher | null
  listRef: RefObject<HTMLDivElement | null>
  onCommand: (command: QueueCommand) => void
}) {
  const { store, listRef } = props
  const header = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const { height, rowHeight, headerHeight } = useViewport(listRef, header)

  const count = store.rows.length
  const rowsHeight = Math.max(0, height - headerHeight)
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscanRows)
  const last = Math.min(count - 1, Math.ceil((scrollTop + rowsHeight) / rowHeight) + overscanRows)

  useEffect(() => {
    const timer = window.setTimeout(() => store.showRange(first, last), count === 0 ? 0 : fetchDelayMs)
    return () => window.clearTimeout(timer)
  }, [store, first, last, count])

  const focused = store.focusedIndex
  useFocusedRowInView(listRef, focused, count, rowHeight, rowsHeight)
  const screenful = Math.max(1, Math.floor(rowsHeight / rowHeight) - 1)

  const rows = []
  for (let index = first; index <= last; index++) {
    const event = store.eventAt(index)
    const focusRow = () => {
      store.focus(index)
      listRef.current?.focus()
    }
    rows.push(
      <QueueRow
        key={event ? event.id : `pending-${index}`}
        index={index}
        count={count}
        top={index * rowHeight}
        event={event}
        focused={index === focused}
        selected={event ? store.selected.has(event.id) : false}
        state={event ? store.rowStates.get(event.id) : undefined}
        possibleDuplicate={event ? store.isPossibleDuplicate(event.id) : false}
        suggestion={
          event ? explainCategory(event.category, event.merchantName, props.matcher) : { kind: 'none' }
        }
        loadFailed={store.loadError !== null}
        onPick={focusRow}
        onToggle={() => {
          if (event) store.toggleSelected(event.id)
          focusRow()
        }}
      />,
    )
  }

  return (
    <div
      ref={listRef}
      class="queue-list"
      role="listbox"
      aria-label="Events to review"
      aria-multiselectable="true"
      aria-activedescendant={focused >= first && focused <= last ? rowElementId(focused) : undefined}
      tabIndex={0}
      onKeyDown={(event) => runKey(store, event, count, screenful, props.onCommand)}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      {/* Column titles for the eye; each row reads in full without them. */}
      <div ref={header} class="queue-header" aria-hidden="true">
        <span class="cell cell-select" />
        <span class="cell cell-date">Date</span>
        <span class="cell cell-description">Description</span>
        <span class="cell cell-amount">Amount</span>
        <span class="cell cell-category">Category</span>
        <span class="cell cell-flags">Checks</span>
      </div>
      <div class="queue-rows" style={{ height: `${count * rowHeight}px` }}>
        {rows}
      </div>
    </div>
  )
}
