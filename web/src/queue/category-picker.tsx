import { useEffect, useMemo, useState } from 'preact/hooks'
import type { CategoryAccountFragment } from '../api/generated/review-queue'
import type { Outcome } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { ModalDialog } from '../components/modal-dialog'

// Long charts stay quick to scan: the list shows the first matches and the search narrows it.
const optionsShownMax = 60

const typeNames: Record<string, string> = {
  expense: 'Expense',
  other_expense: 'Other expense',
  cost_of_goods_sold: 'Cost of goods sold',
  income: 'Income',
  other_income: 'Other income',
}

function typeName(accountType: string): string {
  return (
    typeNames[accountType] ?? accountType.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase())
  )
}

/** A searchable list of the organization's accounts; typing narrows it, Enter takes the highlighted one. */
export function CategoryPicker(props: {
  title: string
  accounts: Outcome<CategoryAccountFragment[]> | null
  /** The category the rules suggest, offered first. */
  suggestedId: string | null
  onRetry: () => void
  onChoose: (account: CategoryAccountFragment) => void
  onClose: () => void
}) {
  const [search, setSearch] = useState('')
  const [active, setActive] = useState(0)
  const accounts = props.accounts?.ok ? props.accounts.value : []

  const matches = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean)
    const found = accounts.filter((account) => {
      const text = `${account.name} ${typeName(account.accountType)}`.toLowerCase()
      return words.every((word) => text.includes(word))
    })
    const suggested = found.findIndex((account) => account.id === props.suggestedId)
    if (suggested > 0) found.unshift(...found.splice(suggested, 1))
    return found
  }, [accounts, search, props.suggestedId])
  const shown = matches.slice(0, optionsShownMax)
  const activeAccount = shown[Math.min(active, shown.length - 1)]

  useEffect(() => {
    if (activeAccount)
      document.getElementById(optionId(activeAccount.id))?.scrollIntoView({ block: 'nearest' })
  }, [activeAccount])

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, shown.length - 1))
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0))
    else if (event.key === 'Enter' && activeAccount) props.onChoose(activeAccount)
    else return
    event.preventDefault()
  }

  return (
    <ModalDialog labelledBy="category-picker-heading" class="category-picker" onClose={props.onClose}>
      <h2 id="category-picker-heading">{props.title}</h2>
      <label for="category-search">Category</label>
      <input
        id="category-search"
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls="category-options"
        aria-autocomplete="list"
        aria-activedescendant={activeAccount ? optionId(activeAccount.id) : undefined}
        autoComplete="off"
        spellcheck={false}
        placeholder="Type to search"
        value={search}
        onInput={(event) => {
          setSearch(event.currentTarget.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
      />
      {props.accounts === null && <p>Loading the accounts…</p>}
      {props.accounts && !props.accounts.ok && (
        <>
          <ErrorText>The accounts could not be loaded: {props.accounts.error}</ErrorText>
          <button type="button" onClick={props.onRetry}>
            Try again
          </button>
        </>
      )}
      <div id="category-options" role="listbox" aria-label="Categories" class="category-options">
        {shown.map((account, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the search field keeps the focus (aria-activedescendant)
          // biome-ignore lint/a11y/useKeyWithClickEvents: the search field drives the list from the keyboard
          <div
            key={account.id}
            id={optionId(account.id)}
            role="option"
            aria-selected={account === activeAccount}
            class={account === activeAccount ? 'active' : undefined}
            onMouseMove={() => setActive(index)}
            onClick={() => props.onChoose(account)}
          >
            <span>{account.name}</span>
            <span class="option-detail">
              {account.id === props.suggestedId ? 'Suggested by a rule · ' : ''}
              {typeName(account.accountType)}
            </span>
          </div>
        ))}
      </div>
      {props.accounts?.ok && (
        <p class="picker-count" aria-live="polite">
          {matches.length === 0
            ? 'No account matches.'
            : matches.length > shown.length
              ? `${shown.length} of ${matches.length} shown: type to narrow down.`
              : `${matches.length} ${matches.length === 1 ? 'account' : 'accounts'}`}
        </p>
      )}
      <div class="dialog-actions">
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  )
}

function optionId(accountId: string): string {
  return `category-option-${accountId}`
}
