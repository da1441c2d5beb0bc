import { ModalDialog } from '../components/modal-dialog'
import { useRights } from '../session/rights'
import { offered, queueKeys } from './queue-keys'

export function KeysHelp({ onClose }: { onClose: () => void }) {
  const rights = useRights()
  const shown = queueKeys.filter((entry) => offered(entry.command, rights))
  return (
    <ModalDialog labelledBy="keys-help-heading" class="keys-help" onClose={onClose}>
      <h2 id="keys-help-heading">Keyboard shortcuts</h2>
      <p>In the list of events:</p>
      <dl class="keys-list">
        {shown.map((entry) => (
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
