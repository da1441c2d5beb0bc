import type { ComponentChildren } from 'preact'
import { useEffect, useRef } from 'preact/hooks'

/**
 * A native modal dialog: the browser keeps focus inside it, makes the page behind it inert, closes
 * it on Escape and gives focus back to where it was.
 */
export function ModalDialog(props: {
  labelledBy: string
  class?: string
  onClose: () => void
  children: ComponentChildren
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => element?.close()
  }, [])
  return (
    <dialog ref={dialog} class={props.class} aria-labelledby={props.labelledBy} onClose={props.onClose}>
      {props.children}
    </dialog>
  )
}
