import type { RefObject } from 'preact'
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { QueueEventFragment } from '../api/generated/review-queue'
import { signedAmount, spokenAmount } from '../format/money'
import { commandFor, type QueueCommand } from './queue-keys'
import type { ReviewQueueStore, RowState } from './review-queue-store'
import { explainCategory, type RuleMatcher, type Suggestion } from './rule-matcher'

// Rows beyond the screen kept rendered, so a key press or a short scroll never shows a blank.
const overscanRows = 6
// Scrolling fast through thousands of rows asks only for where the scroll came to rest.
const fetchDelayMs = 80

/** The row height is set in CSS (it differs on phones); the list reads it from there. */
function rowHeightOf(element: HTMLElement): number {
  const height = Number.parseFloat(getComputedStyle(element).getPropertyValue('--row-height'))
  return Number.isFinite(height) && height > 0 ? height : 56
}

export function rowElementId(index: number): string {
  return `queue-row-${index}`
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
  }, [listRef])

  const count = store.rows.length
  const { rowHeight, headerHeight } = viewport
  const rowsHeight = Math.max(0, viewport.height - headerHeight)
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscanRows)
  const last = Math.min(count - 1, Math.ceil((scrollTop + rowsHeight) / rowHeight) + overscanRows)

  useEffect(() => {
    const timer = window.setTimeout(() => store.showRange(first, last), count === 0 ? 0 : fetchDelayMs)
    return () => window.clearTimeout(timer)
  }, [store, first, last, count])

  // Keeps the focused row on screen as the keys move it, scrolling no more than needed.
  const focused = store.focusedIndex
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list || count === 0) return
    const top = focused * rowHeight
    const bottom = top + rowHeight
    if (top < list.scrollTop) list.scrollTop = top
    else if (bottom > list.scrollTop + rowsHeight) list.scrollTop = bottom - rowsHeight
  }, [focused, count, rowHeight, rowsHeight, listRef])

  function onKeyDown(event: KeyboardEvent) {
    const command = commandFor(event)
    if (!command) return
    event.preventDefault()
    const screenful = Math.max(1, Math.floor(rowsHeight / rowHeight) - 1)
    if (command === 'next') store.moveFocus(1)
    else if (command === 'previous') store.moveFocus(-1)
    else if (command === 'pageDown') store.moveFocus(screenful)
    else if (command === 'pageUp') store.moveFocus(-screenful)
    else if (command === 'first') store.focus(0)
    else if (command === 'last') store.focus(count - 1)
    else if (command === 'toggleSelection') {
      const event = store.focusedEvent()
      if (event) store.toggleSelected(event.id)
    } else props.onCommand(command)
  }

  const rows = []
  for (let index = first; index <= last; index++) {
    const event = store.eventAt(index)
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
        onPick={() => {
          store.focus(index)
          listRef.current?.focus()
        }}
        onToggle={() => {
          if (event) store.toggleSelected(event.id)
          store.focus(index)
          listRef.current?.focus()
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
      onKeyDown={onKeyDown}
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

const activityWords = { classifying: 'Classifying…', confirming: 'Confirming…', rejecting: 'Rejecting…' }

function QueueRow(props: {
  index: number
  count: number
  top: number
  event: QueueEventFragment | undefined
  focused: boolean
  selected: boolean
  state: RowState | undefined
  possibleDuplicate: boolean
  suggestion: Suggestion
  loadFailed: boolean
  onPick: () => void
  onToggle: () => void
}) {
  const { event, state } = props
  const placement = { transform: `translateY(${props.top}px)` }
  const position = {
    id: rowElementId(props.index),
    'aria-posinset': props.index + 1,
    'aria-setsize': props.count,
  }
  if (!event) {
    return (
      // biome-ignore lint/a11y/useFocusableInteractive: the listbox holds the focus (aria-activedescendant)
      <div {...position} class="queue-row placeholder" role="option" aria-selected={false} style={placement}>
        {props.loadFailed ? 'Not loaded' : 'Loading…'}
      </div>
    )
  }
  const classes = ['queue-row']
  if (props.focused) classes.push('focused')
  if (props.selected) classes.push('selected')
  if (state?.error) classes.push('has-error')
  if (state?.activity) classes.push('busy')
  const foreign = event.originalCurrency !== event.functionalCurrency
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the listbox holds the focus (aria-activedescendant)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox takes the keys for every row
    <div
      {...position}
      class={classes.join(' ')}
      role="option"
      aria-selected={props.selected}
      data-event-id={event.id}
      style={placement}
      onClick={(click) => {
        // The box ticks the row; a click anywhere else moves the focus to it.
        const onBox = click.target instanceof Element && click.target.closest('.cell-select') !== null
        if (onBox) props.onToggle()
        else props.onPick()
      }}
    >
      {/* A box to tick with the mouse; from the keyboard, Space does it. */}
      <span class="cell cell-select" aria-hidden="true">
        <span class={props.selected ? 'select-box ticked' : 'select-box'} />
      </span>
      <span class="cell cell-date">{event.transactionDate}</span>
      <span class="cell cell-description">
        <span class="primary-line">{event.merchantName}</span>
        <span class="secondary-line">
          {state?.activity ? activityWords[state.activity] : event.memo || eventTypeWords(event.eventType)}
        </span>
      </span>
      <span class="cell cell-amount">
        <span class="primary-line amount" aria-hidden="true">
          {signedAmount(event.direction, event.functionalAmount)}
        </span>
        <span class="visually-hidden">
          {spokenAmount(event.direction, event.functionalAmount, event.functionalCurrency)}
        </span>
        <span class="secondary-line" aria-hidden={!foreign}>
          {foreign ? `${event.originalAmount} ${event.originalCurrency}` : event.functionalCurrency}
        </span>
      </span>
      <span class="cell cell-category">
        <span class="primary-line">{categoryWords(event, props.suggestion)}</span>
        <span class="secondary-line">{suggestionWords(props.suggestion)}</span>
      </span>
      <span class="cell cell-flags">
        {props.possibleDuplicate && (
          <span class="badge warning" title="Another event of this amount within 3 days">
            Possible duplicate
          </span>
        )}
        <span class={event.hasDocument ? 'badge' : 'badge muted'}>
          {event.hasDocument ? receiptWords(event.receipts.length) : 'No receipt'}
        </span>
      </span>
      {state?.error && (
        <span class="cell row-error" title={state.error}>
          {state.error}
        </span>
      )}
    </div>
  )
}

function eventTypeWords(eventType: string): string {
  return eventType === 'income' ? 'Income' : eventType === 'transfer' ? 'Transfer' : 'Expense'
}

function receiptWords(count: number): string {
  return count > 1 ? `${count} receipts` : 'Receipt'
}

function categoryWords(event: QueueEventFragment, suggestion: Suggestion): string {
  if (event.category) return event.category.name
  if (suggestion.kind === 'rule_would_apply') return `${suggestion.rule.account.name}?`
  return 'No category'
}

export function suggestionWords(suggestion: Suggestion): string {
  switch (suggestion.kind) {
    case 'by_rule':
      return `Rule “${suggestion.rule.vendorPattern}”`
    case 'differs_from_rule':
      return `Rule “${suggestion.rule.vendorPattern}” says ${suggestion.rule.account.name}`
    case 'rule_would_apply':
      return `Suggested by rule “${suggestion.rule.vendorPattern}”`
    case 'given':
      return 'Chosen, no rule'
    case 'none':
      return 'No rule matches'
  }
}
