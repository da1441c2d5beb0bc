import { ModalDialog } from '../components/modal-dialog'
import { queueKeys } from './queue-keys'

export function KeysHelp({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog labelledBy="keys-help-heading" class="keys-help" onClose={onClose}>
      <h2 id="keys-help-heading">Keyboard shortcuts</h2>
      <p>In the list of events:</p>
      <dl class="keys-list">
        {queueKeys.map((entry) => (
          <div key={entry.command}>
            <dt>
              <kbd>{entry.shown}</kbd>
            </dt>
            <dd>{entry.does}</dd>
          </div>
        ))}
      </dl>
      <button type="button" class="primary" onClick={onClose}>
        Close
      </button>
    </ModalDialog>
  )
}
