import { useClient, useQuery } from '@urql/preact'
import { useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  RotateWebhookSecretDocument,
  SetWebhookEndpointEnabledDocument,
  WebhookDeliveriesDocument,
  type WebhookEndpointRowFragment,
  WebhookEndpointsDocument,
} from '../api/generated/settings'
import { mutate } from '../api/mutate'
import type { Outcome } from '../api/outcome'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import { ShownOnce } from '../components/shown-once'
import { shortDateTime } from '../format/dates'

// The feed's types (DESIGN 7.5); none chosen means every type, now and later.
const feedTypes = [
  'ledger_event.created',
  'ledger_event.updated',
  'ledger_event.classified',
  'ledger_event.confirmed',
  'ledger_event.rejected',
  'ledger_event.synced',
  'ledger_event.reconciled',
  'bank_import.completed',
  'receipt.received',
  'receipt.extracted',
  'receipt.matched',
  'receipt.failed',
  'account.created',
  'account.updated',
  'contact.created',
  'contact.updated',
  'reconciliation.finished',
  'reconciliation.undone',
  'reconciliation.cancelled',
  'organization.lock_date_changed',
  'organization.profile_changed',
  'sales_tax_return.filed',
  'journal_entry.created',
  'journal_entry.reversed',
  'fiscal_year.closed',
  'fiscal_year.reopened',
  'invoice.created',
  'invoice.approved',
  'invoice.paid',
  'invoice.voided',
  'payment.recorded',
  'webhook_endpoint.disabled',
]
const deliveriesShown = 20

export function WebhooksSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const [list, refresh] = useQuery({ query: WebhookEndpointsDocument, variables: { organizationId } })
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [types, setTypes] = useState<Set<string>>(new Set())
  const [createError, setCreateError] = useState<string | null>(null)
  const [secret, setSecret] = useState<{ endpointUrl: string; value: string } | null>(null)

  async function create(event: Event) {
    event.preventDefault()
    setCreateError(null)
    const outcome = await mutate(
      client,
      CreateWebhookEndpointDocument,
      {
        organizationId,
        url: url.trim(),
        eventTypes: types.size > 0 ? [...types] : null,
        description: description.trim() || null,
      },
      (data) => data.createWebhookEndpoint,
    )
    if (!outcome.ok) return setCreateError(outcome.error)
    if (outcome.value.secret) setSecret({ endpointUrl: url.trim(), value: outcome.value.secret })
    setUrl('')
    setDescription('')
    setTypes(new Set())
    refresh({ requestPolicy: 'network-only' })
  }

  function toggleType(type: string) {
    const next = new Set(types)
    if (next.has(type)) next.delete(type)
    else next.add(type)
    setTypes(next)
  }

  const endpoints = list.data?.listWebhookEndpoints ?? []
  return (
    <PageSection
      id="webhooks"
      title="Webhook endpoints"
      description="Daybook sends each change in the books to these addresses as it happens, signed with the endpoint's secret, and retries for about three days."
      loadError={list.error}
    >
      <form class="stacked-form" onSubmit={create}>
        <div class="inline-form">
          <div class="field wide">
            <label for="webhook-url">Endpoint URL</label>
            <input
              id="webhook-url"
              type="url"
              required
              placeholder="https://example.com/daybook"
              value={url}
              onInput={(event) => setUrl(event.currentTarget.value)}
            />
          </div>
          <div class="field">
            <label for="webhook-description">Description (optional)</label>
            <input
              id="webhook-description"
              type="text"
              value={description}
              onInput={(event) => setDescription(event.currentTarget.value)}
            />
          </div>
        </div>
        <fieldset class="type-choices">
          <legend>Events to send (none chosen: every event)</legend>
          {feedTypes.map((type) => (
            <label key={type}>
              <input type="checkbox" checked={types.has(type)} onChange={() => toggleType(type)} /> {type}
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" class="primary">
            Add endpoint
          </button>
        </div>
      </form>
      {createError && <ErrorText>{createError}</ErrorText>}
      {secret && (
        <ShownOnce
          label={`Signing secret for ${secret.endpointUrl}`}
          secret={secret.value}
          onDone={() => setSecret(null)}
        />
      )}
      {endpoints.length === 0 && !list.fetching && !list.error && <p>No webhook endpoints yet.</p>}
      <ul class="endpoint-list">
        {endpoints.map((endpoint) => (
          <EndpointItem
            key={endpoint.id}
            organizationId={organizationId}
            endpoint={endpoint}
            onChanged={() => refresh({ requestPolicy: 'network-only' })}
            onSecret={(value) => setSecret({ endpointUrl: endpoint.url, value })}
          />
        ))}
      </ul>
    </PageSection>
  )
}

function EndpointItem(props: {
  organizationId: string
  endpoint: WebhookEndpointRowFragment
  onChanged: () => void
  onSecret: (secret: string) => void
}) {
  const { organizationId, endpoint } = props
  const client = useClient()
  const [error, setError] = useState<string | null>(null)
  const [showDeliveries, setShowDeliveries] = useState(false)
  const endpointId = endpoint.id

  function settle<T>(outcome: Outcome<T>, then: (value: T) => void) {
    setError(outcome.ok ? null : outcome.error)
    if (outcome.ok) then(outcome.value)
  }

  return (
    <li class="endpoint-item">
      <div class="endpoint-summary">
        <div>
          <strong class="endpoint-url">{endpoint.url}</strong>
          {endpoint.description && <span class="muted"> · {endpoint.description}</span>}
          <div class="muted">
            {endpoint.eventTypes && endpoint.eventTypes.length > 0
              ? endpoint.eventTypes.join(', ')
              : 'Every event'}
            {' · '}
            {endpoint.enabled
              ? 'Enabled'
              : `Disabled${endpoint.disabledAt ? ` since ${shortDateTime(endpoint.disabledAt)}` : ''}`}
          </div>
        </div>
        <div class="row-actions">
          <button
            type="button"
            onClick={async () =>
              settle(
                await mutate(
                  client,
                  SetWebhookEndpointEnabledDocument,
                  { organizationId, endpointId, enabled: !endpoint.enabled },
                  (data) => data.updateWebhookEndpoint,
                ),
                props.onChanged,
              )
            }
          >
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </button>
          <ConfirmButton
            label="Rotate secret"
            question="Make a new secret? The old one keeps signing for 24 hours."
            confirmLabel="Rotate"
            onConfirm={async () =>
              settle(
                await mutate(
                  client,
                  RotateWebhookSecretDocument,
                  { organizationId, endpointId },
                  (data) => data.rotateWebhookSecret,
                ),
                (payload) => payload.secret && props.onSecret(payload.secret),
              )
            }
          />
          <button
            type="button"
            aria-expanded={showDeliveries}
            onClick={() => setShowDeliveries(!showDeliveries)}
          >
            Deliveries
          </button>
          <ConfirmButton
            label="Delete"
            question={`Delete the endpoint ${endpoint.url}?`}
            confirmLabel="Delete endpoint"
            onConfirm={async () =>
              settle(
                await mutate(
                  client,
                  DeleteWebhookEndpointDocument,
                  { organizationId, endpointId },
                  (data) => data.deleteWebhookEndpoint,
                ),
                props.onChanged,
              )
            }
          />
        </div>
      </div>
      {error && <ErrorText>{error}</ErrorText>}
      {showDeliveries && <Deliveries organizationId={organizationId} endpointId={endpointId} />}
    </li>
  )
}

function Deliveries({ organizationId, endpointId }: { organizationId: string; endpointId: string }) {
  const [list] = useQuery({
    query: WebhookDeliveriesDocument,
    variables: { organizationId, endpointId, limit: deliveriesShown },
  })
  if (list.error) return <ErrorText>The deliveries could not be loaded: {errorInWords(list.error)}</ErrorText>
  const page = list.data?.listWebhookDeliveries
  if (!page) return <p class="muted">Loading deliveries…</p>
  if (page.items.length === 0) return <p class="muted">Nothing has been sent to this endpoint yet.</p>
  return (
    <div class="table-frame">
      <table class="settings-table">
        <caption class="visually-hidden">Latest deliveries</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col" class="number">
              Attempts
            </th>
            <th scope="col">Created</th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((delivery) => (
            <tr key={delivery.id}>
              <td>
                #{delivery.seq} {delivery.eventType}
              </td>
              <td>{delivery.status}</td>
              <td class="number">{delivery.attemptCount}</td>
              <td>{shortDateTime(delivery.createdAt)}</td>
              <td>{delivery.lastError ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
