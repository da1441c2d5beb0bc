import { useState } from 'preact/hooks'

/**
 * A secret the API returns in one answer only (an API key, a webhook's signing secret): shown in a
 * field that selects itself, with a warning that it cannot be seen again.
 */
export function ShownOnce(props: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  const fieldId = `secret-${props.label.replace(/\W+/g, '-').toLowerCase()}`
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.secret)
      setCopied(true)
    } catch {
      // The clipboard needs a secure context; selecting the text lets the person copy it by hand.
      ;(document.getElementById(fieldId) as HTMLInputElement | null)?.select()
    }
  }
  return (
    <div class="shown-once" role="status">
      <label for={fieldId}>{props.label}</label>
      <p class="muted">Copy it now: Daybook keeps only a fingerprint of it and cannot show it again.</p>
      <div class="shown-once-row">
        <input
          id={fieldId}
          type="text"
          readOnly
          value={props.secret}
          ref={(element) => element?.select()}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={props.onDone}>
          Done
        </button>
      </div>
    </div>
  )
}
