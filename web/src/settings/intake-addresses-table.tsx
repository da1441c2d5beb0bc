import { Fragment } from 'preact'
import type { IntakeAddressesQuery } from '../api/generated/settings'
import { ConfirmButton } from '../components/confirm-button'
import { RowError } from '../components/page-section'
import { shortDateTime } from '../format/dates'

type IntakeAddress = NonNullable<IntakeAddressesQuery['listIntakeAddresses']>[number]

/** The addresses receipts are received at, each with a way to stop receiving there. */
export function IntakeAddressesTable(props: {
  addresses: readonly IntakeAddress[]
  rowErrors: Record<string, string>
  /** Null for a role that may not stop an address. */
  onDelete: ((intakeAddressId: string) => void) | null
}) {
  const { onDelete } = props
  return (
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
          {props.addresses.map((each) => (
            <Fragment key={each.id}>
              <tr>
                <td>{each.address}</td>
                <td>{each.addressType === 'sms' ? 'SMS' : 'Email'}</td>
                <td>{each.label ?? ''}</td>
                <td>{shortDateTime(each.created)}</td>
                <td class="row-actions">
                  {onDelete && (
                    <ConfirmButton
                      label={`Delete ${each.address}`}
                      question={`Stop receiving at ${each.address}?`}
                      confirmLabel="Delete"
                      onConfirm={() => onDelete(each.id)}
                    />
                  )}
                </td>
              </tr>
              <RowError columns={5} message={props.rowErrors[each.id]} />
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  )
}
