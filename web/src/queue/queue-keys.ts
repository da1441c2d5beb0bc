export type QueueCommand =
  | 'next'
  | 'previous'
  | 'pageDown'
  | 'pageUp'
  | 'first'
  | 'last'
  | 'toggleSelection'
  | 'selectAll'
  | 'classify'
  | 'confirm'
  | 'reject'
  | 'payMatch'
  | 'clearSelection'
  | 'help'

/** The queue's keys, in the order the help lists them; the one table both the list and the help read. */
export const queueKeys: ReadonlyArray<{
  keys: readonly string[]
  shown: string
  does: string
  command: QueueCommand
}> = [
  { keys: ['j', 'J', 'ArrowDown'], shown: 'J or ↓', does: 'Next event', command: 'next' },
  { keys: ['k', 'K', 'ArrowUp'], shown: 'K or ↑', does: 'Previous event', command: 'previous' },
  { keys: ['PageDown'], shown: 'Page Down', does: 'A screen further', command: 'pageDown' },
  { keys: ['PageUp'], shown: 'Page Up', does: 'A screen back', command: 'pageUp' },
  { keys: ['Home'], shown: 'Home', does: 'First event', command: 'first' },
  { keys: ['End'], shown: 'End', does: 'Last event', command: 'last' },
  { keys: [' '], shown: 'Space', does: 'Select or unselect the event', command: 'toggleSelection' },
  { keys: ['a', 'A'], shown: 'A', does: 'Select every event in the queue', command: 'selectAll' },
  {
    keys: ['c', 'C'],
    shown: 'C',
    does: 'Choose the category of the selected events (or this one)',
    command: 'classify',
  },
  { keys: ['Enter'], shown: 'Enter', does: 'Confirm the selected events (or this one)', command: 'confirm' },
  { keys: ['x', 'X'], shown: 'X', does: 'Reject the selected events (or this one)', command: 'reject' },
  {
    keys: ['m', 'M'],
    shown: 'M',
    does: 'Pay the suggested document with this event, then confirm it',
    command: 'payMatch',
  },
  { keys: ['Escape'], shown: 'Esc', does: 'Clear the selection', command: 'clearSelection' },
  { keys: ['?'], shown: '?', does: 'Show these keys', command: 'help' },
]

/** The commands that change the books, which a role that may not write is neither offered nor given. */
export const writingCommands: ReadonlySet<QueueCommand> = new Set([
  'classify',
  'confirm',
  'reject',
  'payMatch',
])

/** The commands that write a document too, which only the roles that write documents are given. */
export const documentCommands: ReadonlySet<QueueCommand> = new Set(['payMatch'])

/** Whether a role with these rights is offered the command. */
export function offered(
  command: QueueCommand,
  rights: { writes: boolean; writesDocuments: boolean },
): boolean {
  if (documentCommands.has(command)) return rights.writesDocuments
  return rights.writes || !writingCommands.has(command)
}

const commandOfKey = new Map(
  queueKeys.flatMap((entry) => entry.keys.map((key) => [key, entry.command] as const)),
)

/** The command a key press means in the queue; null leaves the key to the browser. */
export function commandFor(event: KeyboardEvent): QueueCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  return commandOfKey.get(event.key) ?? null
}
