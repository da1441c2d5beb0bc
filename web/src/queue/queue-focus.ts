import type { RefObject } from 'preact'
import { useEffect, useRef } from 'preact/hooks'

/** Where the keyboard goes: the queue is worked by keys, so to the list whenever nothing else holds it. */
export function useQueueListFocus(
  list: RefObject<HTMLDivElement | null>,
  firstLoaded: boolean,
  dialogOpen: boolean,
) {
  // The list takes the keyboard as soon as there is something in it.
  useEffect(() => {
    if (firstLoaded && document.activeElement === document.body) list.current?.focus()
  }, [firstLoaded, list])

  // Back to the list when a dialog closes; not before, as an open modal dialog keeps focus inside.
  const hadDialog = useRef(false)
  useEffect(() => {
    if (!dialogOpen && hadDialog.current) list.current?.focus()
    hadDialog.current = dialogOpen
  }, [dialogOpen, list])
}
