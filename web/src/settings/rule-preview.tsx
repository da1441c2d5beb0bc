import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import { PreviewCategoryRuleDocument, type PreviewCategoryRuleQuery } from '../api/generated/settings'
import { groupDigits } from '../format/money'
import { hasCondition, previewInput, type RuleDraft } from './rule-draft'

type Preview = NonNullable<PreviewCategoryRuleQuery['previewCategoryRule']>

// Asked again once the person stops typing for this long, so a word typed is one request.
const previewWaitMs = 300
const previewItemsShown = 5

/** The events waiting for review that the rule being built would match, asked again as it changes. */
export function RulePreview({ organizationId, draft }: { organizationId: string; draft: RuleDraft }) {
  const client = useClient()
  const [preview, setPreview] = useState<{ ok: true; value: Preview } | { ok: false; error: string } | null>(
    null,
  )
  const ready = hasCondition(draft)
  const rule = JSON.stringify(previewInput(draft))

  useEffect(() => {
    if (!ready) {
      setPreview(null)
      return
    }
    let current = true
    const timer = window.setTimeout(async () => {
      const answer = await client
        .query(
          PreviewCategoryRuleDocument,
          { organizationId, rule: JSON.parse(rule), limit: previewItemsShown },
          { requestPolicy: 'network-only' },
        )
        .toPromise()
      if (!current) return
      const value = answer.data?.previewCategoryRule
      if (value) setPreview({ ok: true, value })
      else
        setPreview({ ok: false, error: answer.error ? errorInWords(answer.error) : 'No preview came back.' })
    }, previewWaitMs)
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [client, organizationId, rule, ready])

  if (!ready) return <p class="muted rule-preview">Give a pattern or a condition to see what it matches.</p>
  return (
    <div class="rule-preview" role="status" aria-live="polite">
      {preview === null && <p class="muted">Looking at the events waiting for review…</p>}
      {preview && !preview.ok && <p class="error-text">{preview.error}</p>}
      {preview?.ok && (
        <>
          <p>
            {preview.value.matchCount === 0
              ? 'Matches none of the events waiting for review.'
              : `Matches ${preview.value.matchCount.toLocaleString('en')} ${preview.value.matchCount === 1 ? 'event' : 'events'} waiting for review.`}
          </p>
          {preview.value.items.length > 0 && (
            <ul class="rule-preview-items">
              {preview.value.items.map((item) => (
                <li key={item.eventId}>
                  {item.transactionDate} · {item.merchantName} · {groupDigits(item.amount)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}
