import { Fragment } from 'preact'
import type { SettingsCategoryRulesQuery } from '../api/generated/settings'
import { ConfirmButton } from '../components/confirm-button'
import { RowError } from '../components/page-section'
import { conditionInWords } from './rule-draft'

type CategoryRulesPage = NonNullable<SettingsCategoryRulesQuery['listCategoryRules']>

/** The rules listed, most used first, each with how often it matched and a way to delete it. */
export function CategoryRulesTable(props: {
  page: CategoryRulesPage
  rowErrors: Record<string, string>
  /** Null for a role that may not change the rules. */
  onDelete: ((ruleId: string) => void) | null
  /** Classifies with the rule the waiting events without a category it matches; null as onDelete. */
  onApply: ((ruleId: string) => void) | null
}) {
  const { page, onDelete, onApply } = props
  return (
    <div class="table-frame">
      <table class="settings-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Category</th>
            <th scope="col" class="number">
              Matches
            </th>
            <th scope="col">
              <span class="visually-hidden">Apply or delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((rule) => (
            <Fragment key={rule.id}>
              <tr>
                <td>
                  <RuleConditions rule={rule} />
                </td>
                <td>
                  {rule.lines
                    ? rule.lines.map((line) => `${line.account.name} ${line.percent}%`).join(', ')
                    : rule.account.name}
                </td>
                <td class="number">{rule.matchCount.toLocaleString('en')}</td>
                <td class="row-actions">
                  {onApply && (
                    <button type="button" onClick={() => onApply(rule.id)}>
                      Apply to waiting events<span class="visually-hidden"> ({ruleName(rule)})</span>
                    </button>
                  )}
                  {onDelete && (
                    <ConfirmButton
                      label={`Delete rule ${ruleName(rule)}`}
                      question={`Delete the rule ${ruleName(rule)}? Events already classified keep their category.`}
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

type Rule = CategoryRulesPage['items'][number]

/** A rule's name in a sentence: its pattern, else its first condition. */
function ruleName(rule: Rule): string {
  if (rule.vendorPattern) return rule.vendorPattern
  const [first] = rule.conditions
  return first ? conditionInWords(first) : rule.account.name
}

function RuleConditions({ rule }: { rule: Rule }) {
  const parts = [
    ...(rule.vendorPattern ? [<code key="pattern">{rule.vendorPattern}</code>] : []),
    ...rule.conditions.map((condition, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a rule's conditions have no id and keep their order
      <span key={index}>{conditionInWords(condition)}</span>
    )),
  ]
  const joiner = rule.conditionMatch === 'any' ? ' or ' : ' and '
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={part.key}>
          {index > 0 && joiner}
          {part}
        </Fragment>
      ))}
      {rule.paymentAccountIds.length > 0 && (
        <span class="muted">
          {' '}
          (on {rule.paymentAccountIds.length} {rule.paymentAccountIds.length === 1 ? 'account' : 'accounts'})
        </span>
      )}
      {rule.priority !== 0 && <span class="muted"> · priority {rule.priority}</span>}
    </>
  )
}
