import { useClient, useQuery } from '@urql/preact'
import { useState } from 'preact/hooks'
import {
  CreateIntakeAddressDocument,
  DeleteIntakeAddressDocument,
  IntakeAddressesDocument,
} from '../api/generated/settings'
import { mutate } from '../api/mutate'
import { PageSection } from '../components/page-section'
import { useRights } from '../session/rights'
import { IntakeAddressForm, type NewIntakeAddress } from './intake-address-form'
import { IntakeAddressesTable } from './intake-addresses-table'

export function IntakeAddressesSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const { manages } = useRights()
  const [list, refresh] = useQuery({ query: IntakeAddressesDocument, variables: { organizationId } })
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})

  async function create(address: NewIntakeAddress) {
    const outcome = await mutate(
      client,
      CreateIntakeAddressDocument,
      { organizationId, ...address },
      (data) => data.createIntakeAddress,
    )
    if (!outcome.ok) return outcome.error
    refresh({ requestPolicy: 'network-only' })
    return null
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
      {manages && <IntakeAddressForm onCreate={create} />}
      {addresses.length === 0 && !list.fetching && !list.error && <p>No intake addresses yet.</p>}
      {addresses.length > 0 && (
        <IntakeAddressesTable
          addresses={addresses}
          rowErrors={rowErrors}
          onDelete={manages ? remove : null}
        />
      )}
    </PageSection>
  )
}
