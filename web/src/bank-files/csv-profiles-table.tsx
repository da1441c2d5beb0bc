import { Fragment } from 'preact'
import type { CsvProfileFieldsFragment } from '../api/generated/bank-files'
import { ConfirmButton } from '../components/confirm-button'
import { RowError } from '../components/page-section'

/** The account's saved CSV layouts, each with what it reads from which column. */
export function CsvProfilesTable(props: {
  profiles: readonly CsvProfileFieldsFragment[]
  rowErrors: ReadonlyMap<string, string>
  /** Null for a role that may not change the layouts. */
  actions: {
    onEdit: (profile: CsvProfileFieldsFragment) => void
    onDelete: (profile: CsvProfileFieldsFragment) => void
  } | null
}) {
  const { actions } = props
  return (
    <div class="table-frame">
      <table class="settings-table">
        <thead>
          <tr>
            <th scope="col">Layout</th>
            <th scope="col">Columns</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.profiles.map((profile) => (
            <Fragment key={profile.id}>
              <tr>
                <td>{profile.name}</td>
                <td class="muted">{columnsWords(profile)}</td>
                <td class="row-actions">
                  {actions && (
                    <>
                      <button type="button" onClick={() => actions.onEdit(profile)}>
                        Edit
                      </button>
                      <ConfirmButton
                        label="Delete"
                        question={`Delete the layout “${profile.name}”? CSV files it read will need another layout.`}
                        confirmLabel="Delete layout"
                        onConfirm={() => actions.onDelete(profile)}
                      />
                    </>
                  )}
                </td>
              </tr>
              <RowError columns={3} message={props.rowErrors.get(profile.id ?? '')} />
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function columnsWords(profile: CsvProfileFieldsFragment): string {
  const amount = profile.amountColumn
    ? `amount “${profile.amountColumn}”${profile.flipSign ? ' (sign flipped)' : ''}`
    : `in “${profile.inflowColumn ?? ''}”, out “${profile.outflowColumn ?? ''}”`
  const description = profile.descriptionColumn ? `, description “${profile.descriptionColumn}”` : ''
  return `date “${profile.dateColumn}” (${profile.dateFormat}), ${amount}${description}`
}
