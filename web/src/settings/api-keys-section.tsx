import { useClient, useQuery } from '@urql/preact'
import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import {
  ApiKeysDocument,
  type ApiKeysQuery,
  CreateApiKeyDocument,
  RevokeApiKeyDocument,
} from '../api/generated/settings'
import { mutate } from '../api/mutate'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'
import { ShownOnce } from '../components/shown-once'
import { shortDateTime } from '../format/dates'

// The scopes Daybook knows, each with what it lets a key do (docs/access.md).
const scopes = [
  { scope: 'read', does: 'read the books' },
  { scope: 'write', does: 'read and change the books' },
  { scope: 'bank_import', does: 'import bank statements' },
  { scope: 'receipts', does: 'send and attach receipts' },
  { scope: 'events', does: 'read the feed of changes' },
] as const

export function ApiKeysSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const [list, refresh] = useQuery({ query: ApiKeysDocument, variables: { organizationId } })
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})
  const refreshList = () => refresh({ requestPolicy: 'network-only' })

  async function revoke(apiKeyId: string) {
    const outcome = await mutate(
      client,
      RevokeApiKeyDocument,
      { organizationId, apiKeyId },
      (data) => data.revokeApiKey,
    )
    setRowErrors((errors) => ({ ...errors, [apiKeyId]: outcome.ok ? '' : outcome.error }))
    if (outcome.ok) refreshList()
  }

  const keys = list.data?.listApiKeys ?? []
  return (
    <PageSection
      id="api-keys"
      title="API keys"
      description="Programs use a key to reach this organization's books. A revoked key stops working at once."
      loadError={list.error}
    >
      <NewApiKeyForm organizationId={organizationId} onCreated={refreshList} />
      {keys.length === 0 && !list.fetching && !list.error && <p>No API keys yet.</p>}
      {keys.length > 0 && <ApiKeysTable keys={keys} rowErrors={rowErrors} onRevoke={revoke} />}
    </PageSection>
  )
}

function NewApiKeyForm({ organizationId, onCreated }: { organizationId: string; onCreated: () => void }) {
  const client = useClient()
  const [name, setName] = useState('')
  const [chosenScopes, setChosenScopes] = useState<ReadonlySet<string>>(new Set())
  const [createError, setCreateError] = useState<string | null>(null)
  const [newKey, setNewKey] = useState<string | null>(null)

  async function create(event: Event) {
    event.preventDefault()
    setCreateError(null)
    const outcome = await mutate(
      client,
      CreateApiKeyDocument,
      {
        organizationId,
        name: name.trim() || null,
        // None ticked asks for a key with every right, which Daybook gives a key made without scopes.
        scopes:
          chosenScopes.size > 0
            ? scopes.map((each) => each.scope).filter((each) => chosenScopes.has(each))
            : null,
      },
      (data) => data.createApiKey,
    )
    if (!outcome.ok) return setCreateError(outcome.error)
    setNewKey(outcome.value.key ?? null)
    setName('')
    setChosenScopes(new Set())
    onCreated()
  }

  function toggleScope(scope: string) {
    setChosenScopes((chosen) => {
      const next = new Set(chosen)
      if (next.has(scope)) next.delete(scope)
      else next.add(scope)
      return next
    })
  }

  return (
    <>
      <form
        class="stacked-form"
        onSubmit={create}
        aria-describedby={createError ? 'api-key-error' : undefined}
      >
        <div class="inline-form">
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
        </div>
        <fieldset class="type-choices">
          <legend>What the key may do (none ticked: every right a key has)</legend>
          {scopes.map((each) => (
            <label key={each.scope} title={each.does}>
              <input
                type="checkbox"
                checked={chosenScopes.has(each.scope)}
                onChange={() => toggleScope(each.scope)}
              />{' '}
              {each.scope}
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" class="primary">
            Create key
          </button>
        </div>
      </form>
      {createError && <ErrorText id="api-key-error">{createError}</ErrorText>}
      {newKey && <ShownOnce label="The new API key" secret={newKey} onDone={() => setNewKey(null)} />}
    </>
  )
}

type ApiKeyRow = NonNullable<ApiKeysQuery['listApiKeys']>[number]

function ApiKeysTable({
  keys,
  rowErrors,
  onRevoke,
}: {
  keys: readonly ApiKeyRow[]
  rowErrors: Record<string, string>
  onRevoke: (apiKeyId: string) => Promise<void>
}) {
  return (
    <div class="table-frame">
      <table class="settings-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Starts with</th>
            <th scope="col">Scopes</th>
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
                <td>{key.scopes.join(', ')}</td>
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
                      onConfirm={() => onRevoke(key.id)}
                    />
                  )}
                </td>
              </tr>
              <RowError columns={6} message={rowErrors[key.id]} />
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  )
}
