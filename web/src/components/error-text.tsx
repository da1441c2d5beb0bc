import type { ComponentChildren } from 'preact'

/** An error in words, announced when it appears, next to whatever it is about. */
export function ErrorText({ id, children }: { id?: string; children: ComponentChildren }) {
  return (
    <p class="error-text" role="alert" id={id}>
      {children}
    </p>
  )
}
