import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { ask } from '../api/ask'
import {
  DeleteRecurringTemplateDocument,
  PauseRecurringTemplateDocument,
  type RecurringTemplateFieldsFragment,
  RecurringTemplatesDocument,
  ResumeRecurringTemplateDocument,
} from '../api/generated/recurring'
import { mutate } from '../api/mutate'
import type { Outcome } from '../api/outcome'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'
import type { ScreenProps } from '../navigation/lazy-screen'
import { ScreenLink } from '../navigation/screen-link'
import { useRights } from '../session/rights'
import { kindInWords, lastRefusalInWords, scheduleInWords, stateInWords } from './schedule-words'

type Templates = Outcome<{ totalCount: number; items: RecurringTemplateFieldsFragment[] }>

/** The organization's recurring entries and documents: what each makes, when next, and how far it has come. */
export function RecurringScreen({ organization }: ScreenProps) {
  const client = useClient()
  const { writesDocuments } = useRights()
  const organizationId = organization.id
  const [templates, setTemplates] = useState<Templates | null>(null)
  const [generation, setGeneration] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is how a change asks again
  useEffect(() => {
    let current = true
    void ask(
      client,
      RecurringTemplatesDocument,
      { organizationId },
      (data) => data.listRecurringTemplates,
    ).then((answer) => current && setTemplates(answer))
    return () => {
      current = false
    }
  }, [client, organizationId, generation])

  return (
    <div class="page-screen recurring-screen">
      <h1>Recurring</h1>
      <PageSection
        id="recurring-templates"
        title="Recurring entries and documents"
        description="Each is made on its dates, once; a paused one waits and catches up when resumed."
      >
        {writesDocuments && (
          <p class="muted">
            To start one, open a manual entry in the <ScreenLink screen="journal">Journal</ScreenLink>, or an
            invoice or a bill in <ScreenLink screen="invoices">Invoices</ScreenLink> or{' '}
            <ScreenLink screen="bills">Bills</ScreenLink>, and choose Repeat….
          </p>
        )}
        {templates === null && <p class="muted">Loading…</p>}
        {templates?.ok === false && <ErrorText>{templates.error}</ErrorText>}
        {templates?.ok && (
          <TemplatesTable
            organizationId={organizationId}
            templates={templates.value.items}
            onChanged={() => setGeneration((count) => count + 1)}
          />
        )}
      </PageSection>
    </div>
  )
}

const columns = 9

function TemplatesTable({
  organizationId,
  templates,
  onChanged,
}: {
  organizationId: string
  templates: readonly RecurringTemplateFieldsFragment[]
  onChanged: () => void
}) {
  const { writesDocuments } = useRights()
  if (templates.length === 0) return <p class="muted">No recurring entries yet.</p>
  return (
    <div class="table-frame">
      <table class="data-table" aria-label="Recurring templates">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Makes</th>
            <th scope="col">Schedule</th>
            <th scope="col">Next date</th>
            <th scope="col">Last date</th>
            <th scope="col" class="number">
              Made
            </th>
            <th scope="col">State</th>
            <th scope="col">Last refusal</th>
            <th scope="col">{writesDocuments ? 'Actions' : ''}</th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => (
            <TemplateRow
              key={template.id}
              organizationId={organizationId}
              template={template}
              writes={writesDocuments}
              onChanged={onChanged}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function TemplateRow({
  organizationId,
  template,
  writes,
  onChanged,
}: {
  organizationId: string
  template: RecurringTemplateFieldsFragment
  writes: boolean
  onChanged: () => void
}) {
  const client = useClient()
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const variables = { organizationId, templateId: template.id }

  async function change(run: () => Promise<Outcome<unknown>>): Promise<void> {
    setError(undefined)
    setBusy(true)
    const outcome = await run()
    setBusy(false)
    if (!outcome.ok) return setError(outcome.error)
    onChanged()
  }
  const pause = () =>
    change(() =>
      mutate(client, PauseRecurringTemplateDocument, variables, (data) => data.pauseRecurringTemplate),
    )
  const resume = () =>
    change(() =>
      mutate(client, ResumeRecurringTemplateDocument, variables, (data) => data.resumeRecurringTemplate),
    )
  const remove = () =>
    change(() =>
      mutate(client, DeleteRecurringTemplateDocument, variables, (data) => data.deleteRecurringTemplate),
    )

  return (
    <>
      <tr>
        <th scope="row">{template.name}</th>
        <td>{kindInWords(template.kind)}</td>
        <td>{scheduleInWords(template)}</td>
        <td>{template.nextDate ?? 'None left'}</td>
        <td>{template.lastDate ?? 'None yet'}</td>
        <td class="number">{template.occurrenceCount}</td>
        <td>{stateInWords(template)}</td>
        <td>{lastRefusalInWords(template)}</td>
        <td>
          {writes && (
            <div class="row-actions">
              {template.paused ? (
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`Resume ${template.name}`}
                  onClick={() => void resume()}
                >
                  Resume
                </button>
              ) : (
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`Pause ${template.name}`}
                  onClick={() => void pause()}
                >
                  Pause
                </button>
              )}
              <ConfirmButton
                label="Delete"
                question={`Delete ${template.name}? What it already made stays in the books.`}
                confirmLabel={`Delete ${template.name}`}
                onConfirm={() => void remove()}
              />
            </div>
          )}
        </td>
      </tr>
      <RowError columns={columns} message={error} />
    </>
  )
}
