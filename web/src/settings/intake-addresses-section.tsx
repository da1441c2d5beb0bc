import { useClient, useQuery } from '@urql/preact'
import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import {
  CreateIntakeAddressDocument,
  DeleteIntakeAddressDocument,
  IntakeAddressesDocument,
} from '../api/generated/settings'
import { mutate } from '../api/mutate'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'
import { shortDateTime } from '../format/dates'

export function IntakeAddressesSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const [list, refresh] = useQuery({ query: IntakeAddressesDocument, variables: { organizationId } })
  const [addressType, setAddressType] = useState('email')
  const [address, setAddress] = useState('')
  const [label, setLabel] = useState('')
  const [createError, setCreateError] = useState<string | null>(null)
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})

  async function create(event: Event) {
    event.preventDefault()
    setCreateError(null)
    const outcome = await mutate(
      client,
      CreateIntakeAddressDocument,
      { organizationId, addressType, address: address.trim(), label: label.trim() || null },
      (data) => data.createIntakeAddress,
    )
    if (!outcome.ok) return setCreateError(outcome.error)
    setAddress('')
    setLabel('')
    refresh({ requestPolicy: 'network-only' })
  }

  async function remove(intakeAddressId: string) {
    const outcome = await mutate(
      client,
      DeleteIntakeAddressDocument,
      { organizationId, intakeAddressId },
      (data) => data.deleteIntakeAddress,
    )
    setRowErrors((errors) => ({ ...errors, [intakeAddressId]: outcome.ok ? '' : outcome.error }))
    if (outcome.ok) refresh({ requestPolicy: 'network-only' })
  }

  const addresses = (list.data?.listIntakeAddresses ?? []).filter((each) => each.active)
  return (
    <PageSection
      id="intake-addresses"
      title="Intake addresses"
      description="Receipts mailed or texted to these addresses arrive in the receipts inbox and are read and matched to events."
      loadError={list.error}
    >
      <form class="inline-form" onSubmit={create}>
        <div class="field">
          <label for="intake-type">Kind</label>
          <select
            id="intake-type"
            value={addressType}
            onChange={(event) => setAddressType(event.currentTarget.value)}
          >
            <option value="email">Email</option>
            <option value="sms">Text message (SMS)</option>
          </select>
        </div>
        <div class="field">
          <label for="intake-address">{addressType === 'email' ? 'Email address' : 'Phone number'}</label>
          <input
            id="intake-address"
            type="text"
            required
            value={address}
            onInput={(event) => setAddress(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="intake-label">Label (optional)</label>
          <input
            id="intake-label"
            type="text"
            value={label}
            onInput={(event) => setLabel(event.currentTarget.value)}
          />
        </div>
        <button type="submit" class="primary">
          Add address
        </button>
      </form>
      {createError && <ErrorText>{createError}</ErrorText>}
      {addresses.length === 0 && !list.fetching && !list.error && <p>No intake addresses yet.</p>}
      {addresses.length > 0 && (
        <div class="table-frame">
          <table class="settings-table">
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Kind</th>
                <th scope="col">Label</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span class="visually-hidden">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {addresses.map((each) => (
                <Fragment key={each.id}>
                  <tr>
                    <td>{each.address}</td>
                    <td>{each.addressType === 'sms' ? 'SMS' : 'Email'}</td>
                    <td>{each.label ?? ''}</td>
                    <td>{shortDateTime(each.created)}</td>
                    <td class="row-actions">
                      <ConfirmButton
                        label={`Delete ${each.address}`}
                        question={`Stop receiving at ${each.address}?`}
                        confirmLabel="Delete"
                        onConfirm={() => remove(each.id)}
                      />
                    </td>
                  </tr>
                  <RowError columns={5} message={rowErrors[each.id]} />
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PageSection>
  )
}
