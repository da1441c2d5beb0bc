import type { CategoryAccountFragment } from '../api/generated/review-queue'
import { type DraftLine, emptyLine, taxReturnLines, totalsOf } from './journal-lines'

/**
 * An entry's lines, typed from the keyboard: Enter in a line's last field adds the next line, and
 * the totals and their difference follow every keystroke.
 */
export function JournalLinesEditor({
  id,
  accounts,
  lines,
  onChange,
}: {
  id: string
  accounts: readonly CategoryAccountFragment[]
  lines: DraftLine[]
  onChange: (lines: DraftLine[]) => void
}) {
  const set = (index: number, change: Partial<DraftLine>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...change } : line)))
  const addLine = () => {
    onChange([...lines, emptyLine()])
    // The new line's account is where typing goes on.
    requestAnimationFrame(() => document.getElementById(`${id}-account-${lines.length}`)?.focus())
  }
  const totals = totalsOf(lines)
  const balanced = totals.difference === '0.00'
  return (
    <div class="journal-lines">
      <table class="data-table">
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Debit</th>
            <th scope="col">Credit</th>
            <th scope="col">Memo</th>
            <th scope="col">Tax return line</th>
            <th scope="col">
              <span class="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <LineRow
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity until posted
              key={index}
              id={`${id}-${index}`}
              accountFieldId={`${id}-account-${index}`}
              number={index + 1}
              line={line}
              accounts={accounts}
              onChange={(change) => set(index, change)}
              onRemove={lines.length > 1 ? () => onChange(lines.filter((_, i) => i !== index)) : undefined}
              onEnter={index === lines.length - 1 ? addLine : undefined}
            />
          ))}
        </tbody>
      </table>
      <div class="inline-form">
        <button type="button" onClick={addLine}>
          Add line
        </button>
        <p class={balanced ? 'muted' : 'unbalanced'} role="status" aria-live="polite">
          Debits {totals.debits} · Credits {totals.credits} ·{' '}
          {balanced ? 'Balanced' : `Difference ${totals.difference}`}
        </p>
      </div>
    </div>
  )
}

function LineRow({
  id,
  accountFieldId,
  number,
  line,
  accounts,
  onChange,
  onRemove,
  onEnter,
}: {
  id: string
  accountFieldId: string
  number: number
  line: DraftLine
  accounts: readonly CategoryAccountFragment[]
  onChange: (change: Partial<DraftLine>) => void
  onRemove: (() => void) | undefined
  onEnter: (() => void) | undefined
}) {
  const enterAdds = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && onEnter) {
      event.preventDefault()
      onEnter()
    }
  }
  return (
    <tr>
      <td>
        <select
          id={accountFieldId}
          aria-label={`Line ${number} account`}
          value={line.accountId}
          onChange={(event) => onChange({ accountId: event.currentTarget.value })}
        >
          <option value="">Choose an account</option>
          {accounts
            .filter((account) => account.active)
            .map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
        </select>
      </td>
      <td>
        <input
          id={`${id}-debit`}
          aria-label={`Line ${number} debit`}
          inputMode="decimal"
          value={line.debit}
          onInput={(event) => onChange({ debit: event.currentTarget.value })}
          onKeyDown={enterAdds}
        />
      </td>
      <td>
        <input
          aria-label={`Line ${number} credit`}
          inputMode="decimal"
          value={line.credit}
          onInput={(event) => onChange({ credit: event.currentTarget.value })}
          onKeyDown={enterAdds}
        />
      </td>
      <td>
        <input
          aria-label={`Line ${number} memo`}
          value={line.memo}
          onInput={(event) => onChange({ memo: event.currentTarget.value })}
          onKeyDown={enterAdds}
        />
      </td>
      <td>
        <select
          aria-label={`Line ${number} tax return line`}
          value={line.taxReturnLine}
          onChange={(event) => onChange({ taxReturnLine: event.currentTarget.value })}
        >
          <option value="">None</option>
          {taxReturnLines.map((tag) => (
            <option key={tag.line} value={tag.line}>
              {tag.label}
            </option>
          ))}
        </select>
      </td>
      <td>
        {onRemove && (
          <button type="button" aria-label={`Remove line ${number}`} onClick={onRemove}>
            ×
          </button>
        )}
      </td>
    </tr>
  )
}
