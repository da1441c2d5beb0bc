import type { Client } from '@urql/core'
import { useEffect, useState } from 'preact/hooks'
import {
  type CategoryAccountFragment,
  type PanelLineFragment,
  type QueueEventFragment,
  SalesTaxCodesDocument,
  SaveLinesDocument,
} from '../api/generated/review-queue'
import { mutate } from '../api/mutate'
import type { Outcome } from '../api/outcome'
import { fromUnits, isDecimal, sumUnits, toUnits } from '../format/decimal'
import { groupDigits } from '../format/money'
import { useRights } from '../session/rights'

interface DraftLine {
  key: number
  accountId: string
  amount: string
  taxCode: string
}

type TaxCodeChoice = { id: string; name: string }

const editableStatuses = new Set(['needs_review', 'pending'])
// DESIGN 8.2: an event takes 1 to 100 lines.
const linesMax = 100

/**
 * The event's lines (DESIGN 8.2): each account with its share and its tax, and an editor that
 * splits the event across accounts, each line with its own tax code, showing what is left to share
 * out as amounts are typed. Amounts are in the event's own currency, as the API keeps them.
 */
export function SplitEditor(props: {
  client: Client
  organizationId: string
  event: QueueEventFragment
  status: string
  lines: PanelLineFragment[]
  accounts: Outcome<CategoryAccountFragment[]> | null
  /** The event as saving the lines left it (its category is the first line's account). */
  onSaved: (saved: QueueEventFragment) => void
}) {
  const { event, lines } = props
  const [draft, setDraft] = useState<DraftLine[] | null>(null)
  const accountName = (id: string) =>
    (props.accounts?.ok ? props.accounts.value.find((account) => account.id === id)?.name : undefined) ?? id
  const { writes } = useRights()
  const editable = writes && editableStatuses.has(props.status)

  if (draft) {
    return (
      <LinesForm
        {...props}
        draft={draft}
        onChange={setDraft}
        onDone={(saved) => {
          setDraft(null)
          if (saved) props.onSaved(saved)
        }}
      />
    )
  }
  return (
    <>
      <h3>Lines</h3>
      {lines.length === 0 ? (
        <p class="muted">Not classified yet.</p>
      ) : (
        <table class="event-lines" aria-label="Lines of this event">
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Amount</th>
              <th scope="col">Tax</th>
              <th scope="col">Claimed back</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is theirs
              <tr key={index}>
                <td>{accountName(line.accountId)}</td>
                <td>{groupDigits(line.amount)}</td>
                <td>{line.taxCode ? `${line.taxAmount ?? '0.00'} ${line.taxCode}` : 'none'}</td>
                <td>{line.taxRecoverable}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editable && (
        <button type="button" onClick={() => setDraft(draftOf(lines, event))}>
          {lines.length > 1 ? 'Edit the lines' : 'Split into lines'}
        </button>
      )}
    </>
  )
}

let nextKey = 1

function draftOf(lines: PanelLineFragment[], event: QueueEventFragment): DraftLine[] {
  if (lines.length === 0)
    return [
      { key: nextKey++, accountId: event.category?.id ?? '', amount: event.originalAmount, taxCode: '' },
    ]
  return lines.map((line) => ({
    key: nextKey++,
    accountId: line.accountId,
    amount: line.amount,
    taxCode: line.taxCode ?? '',
  }))
}

/** What is left of the event's amount once the lines' amounts are taken, or why it cannot be told. */
function remainderOf(draft: DraftLine[], total: string): { units: bigint | null; problem: string | null } {
  const bad = draft.findIndex((line) => !isDecimal(line.amount))
  if (bad >= 0) return { units: null, problem: `Line ${bad + 1}'s amount is not a number such as 12.50.` }
  return { units: toUnits(total) - sumUnits(draft.map((line) => toUnits(line.amount))), problem: null }
}

function remainderWords(units: bigint, event: QueueEventFragment): string {
  const currency = event.originalCurrency
  if (units === 0n) return `The lines add up to ${groupDigits(event.originalAmount)} ${currency}.`
  if (units > 0n) return `Left to share out: ${groupDigits(fromUnits(units))} ${currency}`
  return `The lines come to ${groupDigits(fromUnits(-units))} ${currency} more than the amount.`
}

function LinesForm(props: {
  client: Client
  organizationId: string
  event: QueueEventFragment
  accounts: Outcome<CategoryAccountFragment[]> | null
  draft: DraftLine[]
  onChange: (draft: DraftLine[]) => void
  onDone: (saved: QueueEventFragment | null) => void
}) {
  const { draft, event } = props
  const taxCodes = useTaxCodes(props.client, props.organizationId)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const remainder = remainderOf(draft, event.originalAmount)
  const unchosen = draft.findIndex((line) => line.accountId === '')
  const change = (key: number, part: Partial<DraftLine>) =>
    props.onChange(draft.map((line) => (line.key === key ? { ...line, ...part } : line)))

  async function save() {
    setSaving(true)
    setError(null)
    const outcome = await mutate(
      props.client,
      SaveLinesDocument,
      {
        organizationId: props.organizationId,
        eventId: event.id,
        lines: draft.map((line) => ({
          accountId: line.accountId,
          amount: line.amount.trim(),
          ...(line.taxCode ? { taxCode: line.taxCode } : {}),
        })),
      },
      (data) => data.updateStagedEntry,
    )
    setSaving(false)
    if (!outcome.ok) return setError(`The lines were not saved: ${outcome.error}`)
    props.onDone(outcome.value.event ?? null)
  }

  return (
    <form
      class="split-editor"
      aria-label="Split into lines"
      onSubmit={(submitted) => {
        submitted.preventDefault()
        void save()
      }}
    >
      <h3>Lines</h3>
      {draft.map((line, index) => (
        <LineFields
          key={line.key}
          number={index + 1}
          line={line}
          accounts={props.accounts?.ok ? props.accounts.value : []}
          taxCodes={taxCodes}
          removable={draft.length > 1}
          onChange={(part) => change(line.key, part)}
          onRemove={() => props.onChange(draft.filter((other) => other.key !== line.key))}
        />
      ))}
      <p role="status" class={remainder.units === 0n ? 'muted' : 'error-text'}>
        {remainder.problem ?? remainderWords(remainder.units ?? 0n, event)}
      </p>
      {error && <p class="error-text">{error}</p>}
      <p class="split-actions">
        <button
          type="button"
          disabled={draft.length >= linesMax}
          onClick={() =>
            props.onChange([
              ...draft,
              {
                key: nextKey++,
                accountId: '',
                amount:
                  remainder.units !== null && remainder.units > 0n ? fromUnits(remainder.units) : '0.00',
                taxCode: '',
              },
            ])
          }
        >
          Add a line
        </button>
        <button type="submit" disabled={saving || remainder.units !== 0n || unchosen >= 0}>
          Save the lines
        </button>
        <button type="button" onClick={() => props.onDone(null)}>
          Cancel
        </button>
      </p>
    </form>
  )
}

function LineFields(props: {
  number: number
  line: DraftLine
  accounts: CategoryAccountFragment[]
  taxCodes: TaxCodeChoice[]
  removable: boolean
  onChange: (part: Partial<DraftLine>) => void
  onRemove: () => void
}) {
  const { number, line } = props
  return (
    <fieldset class="split-line">
      <legend>Line {number}</legend>
      <label>
        Account
        <select
          value={line.accountId}
          onChange={(changed) => props.onChange({ accountId: changed.currentTarget.value })}
        >
          <option value="">Choose an account</option>
          {props.accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Amount, tax included
        <input
          inputMode="decimal"
          value={line.amount}
          onInput={(typed) => props.onChange({ amount: typed.currentTarget.value })}
        />
      </label>
      <label>
        Tax code
        <select
          value={line.taxCode}
          onChange={(changed) => props.onChange({ taxCode: changed.currentTarget.value })}
        >
          <option value="">No tax</option>
          {props.taxCodes.map((code) => (
            <option key={code.id} value={code.id}>
              {code.name}
            </option>
          ))}
        </select>
      </label>
      {props.removable && (
        <button type="button" aria-label={`Remove line ${number}`} onClick={props.onRemove}>
          Remove
        </button>
      )}
    </fieldset>
  )
}

/** The sales tax codes a line may take; empty until they come (a line may still have none). */
function useTaxCodes(client: Client, organizationId: string): TaxCodeChoice[] {
  const [codes, setCodes] = useState<TaxCodeChoice[]>([])
  useEffect(() => {
    let current = true
    void client
      .query(SalesTaxCodesDocument, { organizationId })
      .toPromise()
      .then((answer) => {
        if (current) setCodes(answer.data?.listSalesTaxCodes?.items ?? [])
      })
    return () => {
      current = false
    }
  }, [client, organizationId])
  return codes
}
