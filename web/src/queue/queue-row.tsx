import type { QueueEventFragment } from '../api/generated/review-queue'
import { signedAmount, spokenAmount } from '../format/money'
import type { RowState } from './review-queue-store'
import type { Suggestion } from './rule-matcher'

export function rowElementId(index: number): string {
  return `queue-row-${index}`
}

const activityWords = { classifying: 'Classifying…', confirming: 'Confirming…', rejecting: 'Rejecting…' }

/** One event of the queue as an option of its listbox, or a placeholder while it loads. */
export function QueueRow(props: {
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
