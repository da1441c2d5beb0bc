import { useState } from 'preact/hooks'

/**
 * A button for what cannot be taken back: the first press asks, in words, what will happen, and
 * only the second does it. Focus moves to the question so a keyboard user hears it.
 */
export function ConfirmButton(props: {
  label: string
  question: string
  confirmLabel: string
  onConfirm: () => void
}) {
  const [asking, setAsking] = useState(false)
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)}>
        {props.label}
      </button>
    )
  }
  return (
    <fieldset class="confirm-question">
      <legend>{props.question}</legend>
      <button
        type="button"
        class="danger"
        ref={(element) => element?.focus()}
        onClick={() => {
          setAsking(false)
          props.onConfirm()
        }}
      >
        {props.confirmLabel}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </fieldset>
  )
}
