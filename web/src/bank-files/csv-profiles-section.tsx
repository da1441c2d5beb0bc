import { useClient, useQuery } from '@urql/preact'
import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import {
  CreateCsvProfileDocument,
  type CsvImportProfileInput,
  type CsvProfileFieldsFragment,
  CsvProfilesDocument,
  DeleteCsvProfileDocument,
  UpdateCsvProfileDocument,
} from '../api/generated/bank-files'
import { mutate } from '../api/mutate'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'

const dateFormats = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD']
const delimiters: ReadonlyArray<[string, string]> = [
  [',', 'Comma (,)'],
  [';', 'Semicolon (;)'],
  ['\t', 'Tab'],
  ['|', 'Bar (|)'],
]
const encodings = ['UTF-8', 'UTF-16LE', 'UTF-16BE', 'windows-1252', 'ISO-8859-1']

/** The form's own shape: every field as the inputs hold it, with how the amount is written. */
interface Draft {
  name: string
  delimiter: string
  encoding: string
  hasHeader: boolean
  skipLines: string
  dateColumn: string
  dateFormat: string
  amountKind: 'signed' | 'split'
  amountColumn: string
  inflowColumn: string
  outflowColumn: string
  descriptionColumn: string
  payeeColumn: string
  memoColumn: string
  referenceColumn: string
  decimalMark: string
  flipSign: boolean
}

const emptyDraft: Draft = {
  name: '',
  delimiter: ',',
  encoding: '',
  hasHeader: true,
  skipLines: '0',
  dateColumn: '',
  dateFormat: 'YYYY-MM-DD',
  amountKind: 'signed',
  amountColumn: '',
  inflowColumn: '',
  outflowColumn: '',
  descriptionColumn: '',
  payeeColumn: '',
  memoColumn: '',
  referenceColumn: '',
  decimalMark: '.',
  flipSign: false,
}

export function draftOf(profile: Omit<CsvProfileFieldsFragment, 'id' | 'updatedAt'>): Draft {
  return {
    name: profile.name,
    delimiter: profile.delimiter,
    encoding: profile.encoding ?? '',
    hasHeader: profile.hasHeader,
    skipLines: String(profile.skipLines),
    dateColumn: profile.dateColumn,
    dateFormat: profile.dateFormat,
    amountKind: profile.amountColumn ? 'signed' : 'split',
    amountColumn: profile.amountColumn ?? '',
    inflowColumn: profile.inflowColumn ?? '',
    outflowColumn: profile.outflowColumn ?? '',
    descriptionColumn: profile.descriptionColumn ?? '',
    payeeColumn: profile.payeeColumn ?? '',
    memoColumn: profile.memoColumn ?? '',
    referenceColumn: profile.referenceColumn ?? '',
    decimalMark: profile.decimalMark,
    flipSign: profile.flipSign,
  }
}

const optional = (text: string): string | null => (text.trim() === '' ? null : text.trim())

function inputOf(draft: Draft): CsvImportProfileInput {
  const signed = draft.amountKind === 'signed'
  return {
    name: draft.name.trim(),
    delimiter: draft.delimiter,
    encoding: optional(draft.encoding),
    hasHeader: draft.hasHeader,
    skipLines: Number.parseInt(draft.skipLines, 10) || 0,
    dateColumn: draft.dateColumn.trim(),
    dateFormat: draft.dateFormat,
    amountColumn: signed ? optional(draft.amountColumn) : null,
    inflowColumn: signed ? null : optional(draft.inflowColumn),
    outflowColumn: signed ? null : optional(draft.outflowColumn),
    descriptionColumn: optional(draft.descriptionColumn),
    payeeColumn: optional(draft.payeeColumn),
    memoColumn: optional(draft.memoColumn),
    referenceColumn: optional(draft.referenceColumn),
    decimalMark: draft.decimalMark,
    flipSign: draft.flipSign,
  }
}

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
  const { organizationId, paymentAccountId } = props
  const client = useClient()
  const [profiles, refetch] = useQuery({
    query: CsvProfilesDocument,
    variables: { organizationId, paymentAccountId },
  })
  const [editing, setEditing] = useState<Editing>({ kind: 'none' })
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<string, string>>(new Map())
  const [saved, setSaved] = useState<string | null>(null)
  const list = profiles.data?.listCsvImportProfiles ?? []
  const refresh = () => refetch({ requestPolicy: 'network-only' })

  async function remove(profile: CsvProfileFieldsFragment) {
    if (!profile.id) return
    const profileId = profile.id
    const outcome = await mutate(
      client,
      DeleteCsvProfileDocument,
      { organizationId, profileId },
      (data) => data.deleteCsvImportProfile,
    )
    setRowErrors((before) => {
      const after = new Map(before)
      if (outcome.ok) after.delete(profileId)
      else after.set(profileId, outcome.error)
      return after
    })
    if (outcome.ok) refresh()
  }

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
              {list.map((profile) => (
                <Fragment key={profile.id}>
                  <tr>
                    <td>{profile.name}</td>
                    <td class="muted">{columnsWords(profile)}</td>
                    <td class="row-actions">
                      <button
                        type="button"
                        onClick={() =>
                          profile.id &&
                          setEditing({ kind: 'edit', profileId: profile.id, draft: draftOf(profile) })
                        }
                      >
                        Edit
                      </button>
                      <ConfirmButton
                        label="Delete"
                        question={`Delete the layout “${profile.name}”? CSV files it read will need another layout.`}
                        confirmLabel="Delete layout"
                        onConfirm={() => remove(profile)}
                      />
                    </td>
                  </tr>
                  <RowError columns={3} message={rowErrors.get(profile.id ?? '')} />
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing.kind === 'none' && (
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
            const outcome =
              editing.kind === 'edit'
                ? await mutate(
                    client,
                    UpdateCsvProfileDocument,
                    { organizationId, profileId: editing.profileId, profile: input },
                    (data) => data.updateCsvImportProfile,
                  )
                : await mutate(
                    client,
                    CreateCsvProfileDocument,
                    { organizationId, paymentAccountId, profile: input },
                    (data) => data.createCsvImportProfile,
                  )
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

function columnsWords(profile: CsvProfileFieldsFragment): string {
  const amount = profile.amountColumn
    ? `amount “${profile.amountColumn}”${profile.flipSign ? ' (sign flipped)' : ''}`
    : `in “${profile.inflowColumn ?? ''}”, out “${profile.outflowColumn ?? ''}”`
  const description = profile.descriptionColumn ? `, description “${profile.descriptionColumn}”` : ''
  return `date “${profile.dateColumn}” (${profile.dateFormat}), ${amount}${description}`
}

function CsvProfileForm(props: {
  title: string
  initial: Draft
  onCancel: () => void
  /** Answers the API's refusal in words, or null once saved. */
  onSave: (input: CsvImportProfileInput) => Promise<string | null>
}) {
  const [draft, setDraft] = useState(props.initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((before) => ({ ...before, [key]: value }))
  const text = (key: keyof Draft, label: string, required = false) => (
    <div class="field">
      <label for={`csv-${key}`}>{label}</label>
      <input
        id={`csv-${key}`}
        type="text"
        required={required}
        autoComplete="off"
        value={String(draft[key])}
        onInput={(event) => set(key, event.currentTarget.value as never)}
      />
    </div>
  )

  async function save(event: Event) {
    event.preventDefault()
    setBusy(true)
    setError(await props.onSave(inputOf(draft)))
    setBusy(false)
  }

  return (
    <form class="stacked-form csv-layout-form" onSubmit={save} aria-labelledby="csv-layout-title">
      <h3 id="csv-layout-title">{props.title}</h3>
      <div class="inline-form">
        {text('name', 'Layout name', true)}
        <div class="field">
          <label for="csv-delimiter">Delimiter</label>
          <select
            id="csv-delimiter"
            value={draft.delimiter}
            onChange={(event) => set('delimiter', event.currentTarget.value)}
          >
            {delimiters.map(([value, label]) => (
              <option key={label} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="csv-encoding">Encoding</label>
          <select
            id="csv-encoding"
            value={draft.encoding}
            onChange={(event) => set('encoding', event.currentTarget.value)}
          >
            <option value="">Decided by the file</option>
            {encodings.map((encoding) => (
              <option key={encoding} value={encoding}>
                {encoding}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div class="inline-form">
        <label class="checkbox-field">
          <input
            type="checkbox"
            checked={draft.hasHeader}
            onChange={(event) => set('hasHeader', event.currentTarget.checked)}
          />
          The first row names the columns
        </label>
        <div class="field">
          <label for="csv-skipLines">Lines to skip above it</label>
          <input
            id="csv-skipLines"
            type="number"
            min={0}
            value={draft.skipLines}
            onInput={(event) => set('skipLines', event.currentTarget.value)}
          />
        </div>
      </div>
      <div class="inline-form">
        {text('dateColumn', 'Date column', true)}
        <div class="field">
          <label for="csv-dateFormat">Date format</label>
          <select
            id="csv-dateFormat"
            value={draft.dateFormat}
            onChange={(event) => set('dateFormat', event.currentTarget.value)}
          >
            {dateFormats.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset class="type-choices">
        <legend>The amount is written as</legend>
        <label>
          <input
            type="radio"
            name="csv-amount-kind"
            checked={draft.amountKind === 'signed'}
            onChange={() => set('amountKind', 'signed')}
          />
          One signed column
        </label>
        <label>
          <input
            type="radio"
            name="csv-amount-kind"
            checked={draft.amountKind === 'split'}
            onChange={() => set('amountKind', 'split')}
          />
          Money in and money out in two columns
        </label>
      </fieldset>
      <div class="inline-form">
        {draft.amountKind === 'signed' ? (
          <>
            {text('amountColumn', 'Amount column', true)}
            <label class="checkbox-field">
              <input
                type="checkbox"
                checked={draft.flipSign}
                onChange={(event) => set('flipSign', event.currentTarget.checked)}
              />
              The bank writes money out as positive
            </label>
          </>
        ) : (
          <>
            {text('inflowColumn', 'Money in column', true)}
            {text('outflowColumn', 'Money out column', true)}
          </>
        )}
        <div class="field">
          <label for="csv-decimalMark">Decimal mark</label>
          <select
            id="csv-decimalMark"
            value={draft.decimalMark}
            onChange={(event) => set('decimalMark', event.currentTarget.value)}
          >
            <option value=".">Point (1234.56)</option>
            <option value=",">Comma (1234,56)</option>
          </select>
        </div>
      </div>
      <div class="inline-form">
        {text('descriptionColumn', 'Description column')}
        {text('payeeColumn', 'Payee column')}
        {text('memoColumn', 'Memo column')}
        {text('referenceColumn', 'Reference column')}
      </div>
      {error && <ErrorText>{error}</ErrorText>}
      <div class="dialog-actions">
        <button type="submit" class="primary" disabled={busy}>
          Save layout
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
