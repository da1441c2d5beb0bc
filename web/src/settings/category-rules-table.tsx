import { Fragment } from 'preact'
import type { SettingsCategoryRulesQuery } from '../api/generated/settings'
import { ConfirmButton } from '../components/confirm-button'
import { RowError } from '../components/page-section'

type CategoryRulesPage = NonNullable<SettingsCategoryRulesQuery['listCategoryRules']>

/** The rules listed, most used first, each with how often it matched and a way to delete it. */
export function CategoryRulesTable(props: {
  page: CategoryRulesPage
  rowErrors: Record<string, string>
  /** Null for a role that may not change the rules. */
  onDelete: ((ruleId: string) => void) | null
}) {
  const { page, onDelete } = props
  return (
    <div class="table-frame">
      <table class="settings-table">
        <thead>
          <tr>
            <th scope="col">Pattern</th>
            <th scope="col">Category</th>
            <th scope="col" class="number">
              Matches
            </th>
            <th scope="col">
              <span class="visually-hidden">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((rule) => (
            <Fragment key={rule.id}>
              <tr>
                <td>
                  <code>{rule.vendorPattern}</code>
                </td>
                <td>{rule.account.name}</td>
                <td class="number">{rule.matchCount.toLocaleString('en')}</td>
                <td class="row-actions">
                  {onDelete && (
                    <ConfirmButton
                      label={`Delete rule ${rule.vendorPattern}`}
                      question={`Delete the rule ${rule.vendorPattern}? Events already classified keep their category.`}
                      confirmLabel="Delete"
                      onConfirm={() => onDelete(rule.id)}
                    />
                  )}
                </td>
              </tr>
              <RowError columns={4} message={props.rowErrors[rule.id]} />
            </Fragment>
          ))}
        </tbody>
      </table>
      {page.totalCount > page.items.length && (
        <p class="muted">
          The {page.items.length} most used of {page.totalCount.toLocaleString('en')} rules.
        </p>
      )}
    </div>
  )
}
