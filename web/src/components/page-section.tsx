import type { CombinedError } from '@urql/core'
import type { ComponentChildren } from 'preact'
import { errorInWords } from '../api/errors'
import { ErrorText } from '../components/error-text'

/** One part of a screen, with the error that kept its list from loading right under its heading. */
export function PageSection(props: {
  id: string
  title: string
  description: string
  loadError?: CombinedError | undefined
  children: ComponentChildren
}) {
  return (
    <section class="settings-section" id={props.id} aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      <p class="muted">{props.description}</p>
      {props.loadError && <ErrorText>{errorInWords(props.loadError)}</ErrorText>}
      {props.children}
    </section>
  )
}

/** The failure of one row's action, on a line of its own under that row. */
export function RowError({ columns, message }: { columns: number; message: string | undefined }) {
  if (!message) return null
  return (
    <tr class="row-error-line">
      <td colSpan={columns}>
        <ErrorText>{message}</ErrorText>
      </td>
    </tr>
  )
}
