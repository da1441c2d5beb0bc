import type { CategoryAccountFragment } from '../api/generated/review-queue'
import { groupDigits } from '../format/money'
import { type DraftLine, emptyLine } from './document-draft'
import { type DocumentTotals, minorToDecimal } from './document-pricing'

/**
 * A document's lines, each priced as it is typed: its amount and tax are worked out in the
 * browser by the server's rule, and the totals follow every keystroke.
 */
export function DocumentLinesEditor(props: {
  idPrefix: string
  lines: DraftLine[]
  accounts: readonly CategoryAccountFragment[]
  taxCodes: ReadonlyArray<{ id: string; name: string }>
  totals: DocumentTotals
  currency: string
  onChange: (lines: DraftLine[]) => void
}) {
  const { lines, onChange, totals, currency } = props
  const set = (index: number, change: Partial<DraftLine>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...change } : line)))
  const addLine = () => {
    onChange([...lines, emptyLine()])
    // Typing goes on in the new line.
    requestAnimationFrame(() => document.getElementById(`${props.idPrefix}-line-${lines.length}`)?.focus())
  }
  return (
    <div class="document-lines">
      <div class="table-frame">
        <table class="data-table">
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Quantity</th>
              <th scope="col">Unit price</th>
              <th scope="col">Account</th>
              <th scope="col">Tax</th>
              <th scope="col" class="number">
                Amount
              </th>
              <th scope="col" class="number">
                Tax amount
              </th>
              <th scope="col">
                <span class="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <LineRow
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity until saved
                key={index}
                index={index}
                descriptionId={`${props.idPrefix}-line-${index}`}
                line={line}
                accounts={props.accounts}
                taxCodes={props.taxCodes}
                amount={shown(totals.lines[index]?.amountMinor, currency)}
                tax={shown(totals.lines[index]?.taxMinor, currency)}
                onChange={(change) => set(index, change)}
                onRemove={lines.length > 1 ? () => onChange(lines.filter((_, i) => i !== index)) : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div class="inline-form">
        <button type="button" onClick={addLine}>
          Add line
        </button>
        <p class="document-totals" role="status" aria-live="polite">
          Subtotal {groupDigits(totals.subtotal)} · Tax {groupDigits(totals.taxTotal)} · Total{' '}
          {groupDigits(totals.total)} {currency}
          {!totals.complete && ' (a line is not priced yet)'}
        </p>
      </div>
    </div>
  )
}

const shown = (minor: bigint | null | undefined, currency: string) =>
  minor === null || minor === undefined ? '—' : groupDigits(minorToDecimal(minor, currency))

function LineRow(props: {
  index: number
  descriptionId: string
  line: DraftLine
  accounts: readonly CategoryAccountFragment[]
  taxCodes: ReadonlyArray<{ id: string; name: string }>
  amount: string
  tax: string
  onChange: (change: Partial<DraftLine>) => void
  onRemove: (() => void) | undefined
}) {
  const { index, line, onChange } = props
  const number = index + 1
  return (
    <tr>
      <td>
        <input
          id={props.descriptionId}
          aria-label={`Line ${number} description`}
          value={line.description}
          onInput={(event) => onChange({ description: event.currentTarget.value })}
        />
      </td>
      <td>
        <input
          aria-label={`Line ${number} quantity`}
          inputMode="decimal"
          size={6}
          value={line.quantity}
          onInput={(event) => onChange({ quantity: event.currentTarget.value })}
        />
      </td>
      <td>
        <input
          aria-label={`Line ${number} unit price`}
          inputMode="decimal"
          size={10}
          value={line.unitPrice}
          onInput={(event) => onChange({ unitPrice: event.currentTarget.value })}
        />
      </td>
      <td>
        <select
          aria-label={`Line ${number} account`}
          value={line.accountId}
          onChange={(event) => onChange({ accountId: event.currentTarget.value })}
        >
          <option value="">Choose an account</option>
          {props.accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          aria-label={`Line ${number} tax code`}
          value={line.taxCode}
          onChange={(event) => onChange({ taxCode: event.currentTarget.value })}
        >
          <option value="">No tax</option>
          {props.taxCodes.map((code) => (
            <option key={code.id} value={code.id}>
              {code.id} · {code.name}
            </option>
          ))}
        </select>
      </td>
      <td class="number">{props.amount}</td>
      <td class="number">{props.tax}</td>
      <td>
        {props.onRemove && (
          <button type="button" aria-label={`Remove line ${number}`} onClick={props.onRemove}>
            ×
          </button>
        )}
      </td>
    </tr>
  )
}
