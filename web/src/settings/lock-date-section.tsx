import { useClient } from '@urql/preact'
import { useState } from 'preact/hooks'
import { SetLockDateDocument } from '../api/generated/settings'
import { mutate } from '../api/mutate'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import { useRights } from '../session/rights'
import type { Organization, SessionStore } from '../session/session-store'

export function LockDateSection({
  organization,
  session,
}: {
  organization: Organization
  session: SessionStore
}) {
  const client = useClient()
  const { keepsBooks } = useRights()
  const [lockDate, setLockDate] = useState(organization.lockDate ?? '')
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState('')

  async function save(next: string | null) {
    setError(null)
    setSaved('')
    const outcome = await mutate(
      client,
      SetLockDateDocument,
      { organizationId: organization.id, lockDate: next },
      (data) => data.setLockDate,
    )
    if (!outcome.ok) return setError(outcome.error)
    const stored = outcome.value.organization?.lockDate ?? null
    // The organization the session holds is what every screen reads the lock date from.
    session.chooseOrganization({ ...organization, lockDate: stored })
    setLockDate(stored ?? '')
    setSaved(stored ? `The books are closed through ${stored}.` : 'Every period is open again.')
  }

  return (
    <PageSection
      id="lock-date"
      title="Lock date"
      description="Nothing dated on or before the lock date can be created, changed, posted or reversed: the period is closed."
    >
      <p>
        {organization.lockDate ? (
          <>
            The books are closed through <strong>{organization.lockDate}</strong>.
          </>
        ) : (
          'No period is closed.'
        )}
      </p>
      {keepsBooks && (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault()
            void save(lockDate || null)
          }}
        >
          <div class="field">
            <label for="lock-date-input">Close the books through</label>
            <input
              id="lock-date-input"
              type="date"
              required
              value={lockDate}
              onInput={(event) => setLockDate(event.currentTarget.value)}
            />
          </div>
          <button type="submit" class="primary">
            Set lock date
          </button>
          {organization.lockDate && (
            <button type="button" onClick={() => save(null)}>
              Reopen every period
            </button>
          )}
        </form>
      )}
      {error && <ErrorText>{error}</ErrorText>}
      {saved && (
        <p class="saved-note" role="status">
          {saved}
        </p>
      )}
    </PageSection>
  )
}
