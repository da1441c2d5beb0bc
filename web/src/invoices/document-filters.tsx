import { todayUtc } from '../reports/periods'
import { type SideWords, statuses } from './document-sides'

export interface DocumentFilters {
  kind: string
  /** '' for any status, 'unpaid' for open or partly paid, else one status. */
  status: string
  /** '' for any, 'overdue' for past due today, 'before' for due before `dueBefore`. */
  due: string
  dueBefore: string
  search: string
}

export const initialFilters = (side: SideWords): DocumentFilters => ({
  kind: side.kinds[0]?.kind ?? '',
  status: '',
  due: '',
  dueBefore: '',
  search: '',
})

/** The listInvoices arguments the filters mean. */
export function filterVariables(filters: DocumentFilters) {
  const unpaid = ['open', 'partially_paid']
  const overdue = filters.due === 'overdue'
  const status = overdue || filters.status === 'unpaid' ? unpaid : filters.status ? [filters.status] : null
  const dueBefore = overdue
    ? todayUtc()
    : filters.due === 'before' && filters.dueBefore
      ? filters.dueBefore
      : null
  return { kind: filters.kind, status, dueBefore, search: filters.search.trim() || null }
}

/** The list's filters; each change asks again at once, so there is nothing to submit. */
export function DocumentFiltersBar(props: {
  side: SideWords
  filters: DocumentFilters
  onChange: (filters: DocumentFilters) => void
}) {
  const { filters, side } = props
  const set = (change: Partial<DocumentFilters>) => props.onChange({ ...filters, ...change })
  return (
    <div class="document-filters">
      <fieldset class="report-choices">
        <legend class="visually-hidden">Kind</legend>
        {side.kinds.map((each) => (
          <button
            key={each.kind}
            type="button"
            aria-pressed={filters.kind === each.kind}
            onClick={() => set({ kind: each.kind })}
          >
            {each.label}s
          </button>
        ))}
      </fieldset>
      <div class="inline-form">
        <div class="field">
          <label for="documents-status">Status</label>
          <select
            id="documents-status"
            value={filters.status}
            onChange={(e) => set({ status: e.currentTarget.value })}
          >
            <option value="">Any status</option>
            <option value="unpaid">Unpaid (open or partly paid)</option>
            {statuses.map((each) => (
              <option key={each.status} value={each.status}>
                {each.label}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="documents-due">Due</label>
          <select
            id="documents-due"
            value={filters.due}
            onChange={(e) => set({ due: e.currentTarget.value })}
          >
            <option value="">Any due date</option>
            <option value="overdue">Overdue</option>
            <option value="before">Due before…</option>
          </select>
        </div>
        {filters.due === 'before' && (
          <div class="field">
            <label for="documents-due-before">Due before</label>
            <input
              id="documents-due-before"
              type="date"
              value={filters.dueBefore}
              onInput={(e) => set({ dueBefore: e.currentTarget.value })}
            />
          </div>
        )}
        <div class="field">
          <label for="documents-search">Search</label>
          <input
            id="documents-search"
            type="search"
            placeholder="Number or memo"
            value={filters.search}
            onInput={(e) => set({ search: e.currentTarget.value })}
          />
        </div>
      </div>
    </div>
  )
}
