import { useClient, useQuery } from '@urql/preact'
import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import { ApiKeysDocument, CreateApiKeyDocument, RevokeApiKeyDocument } from '../api/generated/settings'
import { mutate } from '../api/mutate'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'
import { ShownOnce } from '../components/shown-once'
import { shortDateTime } from '../format/dates'

export function ApiKeysSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const [list, refresh] = useQuery({ query: ApiKeysDocument, variables: { organizationId } })
  const [name, setName] = useState('')
  const [createError, setCreateError] = useState<string | null>(null)
  const [newKey, setNewKey] = useState<string | null>(null)
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})

  async function create(event: Event) {
    event.preventDefault()
    setCreateError(null)
    const outcome = await mutate(
      client,
      CreateApiKeyDocument,
      { organizationId, name: name.trim() || null },
      (data) => data.createApiKey,
    )
    if (!outcome.ok) return setCreateError(outcome.error)
    setNewKey(outcome.value.key ?? null)
    setName('')
    refresh({ requestPolicy: 'network-only' })
  }

  async function revoke(apiKeyId: string) {
    const outcome = await mutate(
      client,
      RevokeApiKeyDocument,
      { organizationId, apiKeyId },
      (data) => data.revokeApiKey,
    )
    setRowErrors((errors) => ({ ...errors, [apiKeyId]: outcome.ok ? '' : outcome.error }))
    if (outcome.ok) refresh({ requestPolicy: 'network-only' })
  }

  const keys = list.data?.listApiKeys ?? []
  return (
    <PageSection
      id="api-keys"
      title="API keys"
      description="Programs use a key to reach this organization's books. A revoked key stops working at once."
      loadError={list.error}
    >
      <form
        class="inline-form"
        onSubmit={create}
        aria-describedby={createError ? 'api-key-error' : undefined}
      >
        <div class="field">
          <label for="api-key-name">Name of the new key</label>
          <input
            id="api-key-name"
            type="text"
            value={name}
            placeholder="Payroll export"
            onInput={(event) => setName(event.currentTarget.value)}
          />
        </div>
        <button type="submit" class="primary">
          Create key
        </button>
      </form>
      {createError && <ErrorText id="api-key-error">{createError}</ErrorText>}
      {newKey && <ShownOnce label="The new API key" secret={newKey} onDone={() => setNewKey(null)} />}
      {keys.length === 0 && !list.fetching && !list.error && <p>No API keys yet.</p>}
      {keys.length > 0 && (
        <div class="table-frame">
          <table class="settings-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span class="visually-hidden">State</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <Fragment key={key.id}>
                  <tr>
                    <td>{key.name}</td>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td>{shortDateTime(key.createdAt)}</td>
                    <td>{shortDateTime(key.lastUsedAt)}</td>
                    <td class="row-actions">
                      {key.revokedAt ? (
                        <span class="badge">Revoked {key.revokedAt.slice(0, 10)}</span>
                      ) : (
                        <ConfirmButton
                          label={`Revoke ${key.name}`}
                          question={`Revoke ${key.name}? Programs using it stop at once.`}
                          confirmLabel="Revoke key"
                          onConfirm={() => revoke(key.id)}
                        />
                      )}
                    </td>
                  </tr>
                  <RowError columns={5} message={rowErrors[key.id]} />
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PageSection>
  )
}
