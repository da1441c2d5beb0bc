import { useState } from 'preact/hooks'
import type { CsvProfileFieldsFragment } from '../api/generated/bank-files'
import { PageSection } from '../components/page-section'
import { useRights } from '../session/rights'
import { type Draft, draftOf, emptyDraft } from './csv-profile-draft'
import { CsvProfileForm } from './csv-profile-form'
import { useCsvProfiles } from './csv-profiles-data'
import { CsvProfilesTable } from './csv-profiles-table'

type Editing =
  | { kind: 'none' }
  | { kind: 'new'; draft: Draft }
  | { kind: 'edit'; profileId: string; draft: Draft }

/**
 * How the account's bank writes its CSV exports: which column holds the date, the amount (signed,
 * or money in and out apart), the description; the delimiter, decimal mark and date format. A
 * CSV statement is read with the account's saved layout that fits it.
 */
export function CsvProfilesSection(props: {
  organizationId: string
  paymentAccountId: string
  accountName: string
  /** A layout the last CSV file's preview guessed, offered to be saved. */
  suggested: Omit<CsvProfileFieldsFragment, 'id' | 'updatedAt'> | null
}) {
  const { profiles, rowErrors, refresh, remove, save } = useCsvProfiles(
    props.organizationId,
    props.paymentAccountId,
  )
  const { writes } = useRights()
  const [editing, setEditing] = useState<Editing>({ kind: 'none' })
  const [saved, setSaved] = useState<string | null>(null)
  const list = profiles.data?.listCsvImportProfiles ?? []

  return (
    <PageSection
      id="csv-layouts"
      title={`CSV layouts of ${props.accountName}`}
      description="How this bank's CSV exports read. Columns are named by their header text, or numbered from 1 in a file without a header."
      loadError={profiles.error}
    >
      {saved && (
        <p class="saved-note" role="status">
          {saved}
        </p>
      )}
      {list.length === 0 && !profiles.fetching && <p class="muted">No CSV layout saved for this account.</p>}
      {list.length > 0 && (
        <CsvProfilesTable
          profiles={list}
          rowErrors={rowErrors}
          actions={
            writes
              ? {
                  onEdit: (profile) =>
                    profile.id &&
                    setEditing({ kind: 'edit', profileId: profile.id, draft: draftOf(profile) }),
                  onDelete: remove,
                }
              : null
          }
        />
      )}
      {writes && editing.kind === 'none' && (
        <div class="row-actions csv-layout-actions">
          {props.suggested && (
            <button
              type="button"
              onClick={() => props.suggested && setEditing({ kind: 'new', draft: draftOf(props.suggested) })}
            >
              Save the layout read from this file…
            </button>
          )}
          <button type="button" onClick={() => setEditing({ kind: 'new', draft: emptyDraft })}>
            New CSV layout…
          </button>
        </div>
      )}
      {editing.kind !== 'none' && (
        <CsvProfileForm
          key={editing.kind === 'edit' ? editing.profileId : 'new'}
          title={editing.kind === 'edit' ? `Edit “${editing.draft.name}”` : 'New CSV layout'}
          initial={editing.draft}
          onCancel={() => setEditing({ kind: 'none' })}
          onSave={async (input) => {
            const outcome = await save(editing.kind === 'edit' ? editing.profileId : null, input)
            if (outcome.ok) {
              setEditing({ kind: 'none' })
              setSaved(`Saved the layout “${input.name}”.`)
              refresh()
              return null
            }
            return outcome.error
          }}
        />
      )}
    </PageSection>
  )
}
