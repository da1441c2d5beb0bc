import type { Draft } from './csv-profile-draft'

const dateFormats = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD']
const delimiters: ReadonlyArray<[string, string]> = [
  [',', 'Comma (,)'],
  [';', 'Semicolon (;)'],
  ['\t', 'Tab'],
  ['|', 'Bar (|)'],
]
const encodings = ['UTF-8', 'UTF-16LE', 'UTF-16BE', 'windows-1252', 'ISO-8859-1']

export type SetDraftField = <K extends keyof Draft>(key: K, value: Draft[K]) => void

interface FieldsProps {
  draft: Draft
  set: SetDraftField
}

function TextField(props: FieldsProps & { field: keyof Draft; label: string; required?: boolean }) {
  const { field } = props
  return (
    <div class="field">
      <label for={`csv-${field}`}>{props.label}</label>
      <input
        id={`csv-${field}`}
        type="text"
        required={props.required ?? false}
        autoComplete="off"
        value={String(props.draft[field])}
        onInput={(event) => props.set(field, event.currentTarget.value as never)}
      />
    </div>
  )
}

/** How the file itself is written: its name here, delimiter and encoding, and the lines above the rows. */
export function CsvFileFields({ draft, set }: FieldsProps) {
  return (
    <>
      <div class="inline-form">
        <TextField draft={draft} set={set} field="name" label="Layout name" required />
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
    </>
  )
}

export function CsvDateFields({ draft, set }: FieldsProps) {
  return (
    <div class="inline-form">
      <TextField draft={draft} set={set} field="dateColumn" label="Date column" required />
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
  )
}

/** The amount: one signed column or money in and out apart, and the decimal mark it is written with. */
export function CsvAmountFields({ draft, set }: FieldsProps) {
  return (
    <>
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
            <TextField draft={draft} set={set} field="amountColumn" label="Amount column" required />
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
            <TextField draft={draft} set={set} field="inflowColumn" label="Money in column" required />
            <TextField draft={draft} set={set} field="outflowColumn" label="Money out column" required />
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
    </>
  )
}

export function CsvTextColumnFields({ draft, set }: FieldsProps) {
  return (
    <div class="inline-form">
      <TextField draft={draft} set={set} field="descriptionColumn" label="Description column" />
      <TextField draft={draft} set={set} field="payeeColumn" label="Payee column" />
      <TextField draft={draft} set={set} field="memoColumn" label="Memo column" />
      <TextField draft={draft} set={set} field="referenceColumn" label="Reference column" />
    </div>
  )
}
