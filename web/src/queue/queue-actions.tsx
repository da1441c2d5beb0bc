import { useRights } from '../session/rights'
import type { QueueCommand } from './queue-keys'
import type { ReviewQueueStore } from './review-queue-store'

/** The buttons for what the keys do: on the selected events, or the focused one when none is. */
export function QueueActions({
  store,
  onCommand,
}: {
  store: ReviewQueueStore
  onCommand: (command: QueueCommand) => void
}) {
  const { writes } = useRights()
  const canAct = Boolean(store.focusedEvent())
  const selectedCount = store.selected.size
  const targetWords = (
    <span class="action-target">{selectedCount > 0 ? ` ${selectedCount} selected` : ' this event'}</span>
  )
  return (
    <div class="queue-actions">
      <span class="selection-count">
        {!writes
          ? 'Read only: your role sees the books and changes nothing'
          : selectedCount > 0
            ? `${selectedCount} selected`
            : 'Nothing selected: actions apply to the focused event'}
      </span>
      {store.progress && store.progress.total > 1 && (
        <label class="action-progress">
          {store.progressWords()}
          <progress value={store.progress.done} max={store.progress.total} />
        </label>
      )}
      {writes && (
        <>
          <button type="button" disabled={!canAct} onClick={() => onCommand('classify')}>
            Classify{targetWords}… <kbd>C</kbd>
          </button>
          <button type="button" disabled={!canAct} onClick={() => onCommand('confirm')}>
            Confirm{targetWords} <kbd>Enter</kbd>
          </button>
          <button type="button" disabled={!canAct} onClick={() => onCommand('reject')}>
            Reject{targetWords} <kbd>X</kbd>
          </button>
        </>
      )}
      {writes && (
        <button type="button" onClick={() => void store.selectAll()}>
          Select all <kbd>A</kbd>
        </button>
      )}
      {selectedCount > 0 && (
        <button type="button" onClick={() => store.clearSelection()}>
          Clear selection <kbd>Esc</kbd>
        </button>
      )}
      <button type="button" class="refresh-button" onClick={() => store.reload()}>
        Refresh
      </button>
      <button type="button" onClick={() => onCommand('help')}>
        Keys <kbd>?</kbd>
      </button>
    </div>
  )
}
