import type { EventAction, EventOutcome } from '../api/event-actions'
import type { QueueEventFragment } from '../api/generated/review-queue'
import type { Outcome } from '../api/outcome'
import { Observable } from '../components/observable'
import { possibleDuplicates } from './possible-duplicates'

/** What the queue needs from Daybook; the screen wires it to the API client. */
export interface ReviewQueueApi {
  fetchPage(
    search: string,
    offset: number,
    limit: number,
  ): Promise<Outcome<{ totalCount: number; items: QueueEventFragment[] }>>
  act(
    action: EventAction,
    eventIds: readonly string[],
    onSettled: (outcomes: EventOutcome[]) => void,
  ): Promise<void>
}

export type RowActivity = 'classifying' | 'confirming' | 'rejecting'

export interface RowState {
  activity?: RowActivity
  /** Why the last action on this row failed, in the API's words. */
  error?: string
}

export const queuePageSize = 100

const activityOf: Record<EventAction['kind'], RowActivity> = {
  classify: 'classifying',
  confirm: 'confirming',
  reject: 'rejecting',
}

/**
 * The review queue as the server pages it: `rows[i]` is the event at offset i of
 * listLedgerEvents(status: needs_review), or undefined until its page arrives. Events leave the
 * queue when confirmed or rejected; removing them here shifts later rows exactly as the server's
 * offsets shift, so the pages still to come fit the rows already shown.
 */
export class ReviewQueueStore extends Observable {
  search = ''
  /** null until the first page answers. */
  totalCount: number | null = null
  rows: Array<QueueEventFragment | undefined> = []
  focusedIndex = 0
  readonly selected = new Set<string>()
  readonly rowStates = new Map<string, RowState>()
  /** Why the last page could not be loaded, in words. */
  loadError: string | null = null
  /** The outcome of the last action, for the screen's live region. */
  announcement = ''
  /** How far the action under way has come, in events; null when none is under way. */
  progress: { activity: RowActivity; done: number; total: number } | null = null

  private visible = { first: 0, last: 0 }
  private readonly pagesInFlight = new Set<number>()
  /** Bumped whenever offsets move or the search changes: answers to older requests no longer fit. */
  private epoch = 0
  /** Bumped whenever rows arrive, leave or change, so derived views know to be worked out again. */
  private rowsVersion = 0
  private duplicates: { rowsVersion: number; ids: Set<string> } | null = null

  constructor(private readonly api: ReviewQueueApi) {
    super()
  }

  /** The rows the screen shows (with some margin); any page among them not yet here is fetched. */
  showRange(first: number, last: number): void {
    this.visible = { first, last }
    this.loadVisible()
  }

  setSearch(search: string): void {
    this.search = search
    this.reload()
  }

  reload(): void {
    this.rows = []
    this.totalCount = null
    this.focusedIndex = 0
    this.selected.clear()
    this.loadError = null
    this.shiftOffsets()
    this.notifyChanged()
  }

  retryLoading(): void {
    this.loadError = null
    this.loadVisible()
    this.notifyChanged()
  }

  eventAt(index: number): QueueEventFragment | undefined {
    return this.rows[index]
  }

  focusedEvent(): QueueEventFragment | undefined {
    return this.rows[this.focusedIndex]
  }

  isPossibleDuplicate(eventId: string): boolean {
    if (this.duplicates?.rowsVersion !== this.rowsVersion) {
      this.duplicates = { rowsVersion: this.rowsVersion, ids: possibleDuplicates(this.rows) }
    }
    return this.duplicates.ids.has(eventId)
  }

  moveFocus(delta: number): void {
    this.focus(this.focusedIndex + delta)
  }

  focus(index: number): void {
    const last = Math.max(0, this.rows.length - 1)
    this.focusedIndex = Math.min(Math.max(0, index), last)
    this.notifyChanged()
  }

  toggleSelected(eventId: string): void {
    if (this.selected.has(eventId)) this.selected.delete(eventId)
    else this.selected.add(eventId)
    this.notifyChanged()
  }

  /**
   * Selects every event in the queue, fetching first the pages not yet here, one after another.
   * When offsets move meanwhile (another action, a search), it stops: the rows it would select
   * are no longer the ones it fetched.
   */
  async selectAll(): Promise<void> {
    if (this.totalCount === null) return
    const epoch = this.epoch
    for (let start = 0; start < this.rows.length; start += queuePageSize) {
      if (!this.rows.slice(start, start + queuePageSize).includes(undefined)) continue
      const answer = await this.api.fetchPage(this.search, start, queuePageSize)
      if (epoch !== this.epoch) return
      if (!answer.ok) {
        this.loadError = answer.error
        this.notifyChanged()
        return
      }
      this.place(start, answer.value)
    }
    for (const event of this.rows) if (event) this.selected.add(event.id)
    this.notifyChanged()
  }

  clearSelection(): void {
    this.selected.clear()
    this.notifyChanged()
  }

  /** What an action applies to: the selected events in queue order, else the focused one. */
  targets(): QueueEventFragment[] {
    if (this.selected.size === 0) {
      const focused = this.focusedEvent()
      return focused ? [focused] : []
    }
    return this.rows.filter(
      (event): event is QueueEventFragment => event !== undefined && this.selected.has(event.id),
    )
  }

  /** Acts on the events; answers how many it did and how many were refused. */
  async act(
    action: EventAction,
    events: readonly QueueEventFragment[] = this.targets(),
  ): Promise<{ succeeded: number; failed: number }> {
    // A row already on its way is not sent twice.
    const ids = events.map((event) => event.id).filter((id) => !this.rowStates.get(id)?.activity)
    if (ids.length === 0) return { succeeded: 0, failed: 0 }
    for (const id of ids) this.rowStates.set(id, { activity: activityOf[action.kind] })
    this.announcement = `${capitalized(activityOf[action.kind])} ${countOf(ids.length)}…`
    const progress = { activity: activityOf[action.kind], done: 0, total: ids.length }
    this.progress = progress
    this.notifyChanged()

    let succeeded = 0
    let failed = 0
    await this.api.act(action, ids, (outcomes) => {
      const leaving: string[] = []
      progress.done += outcomes.length
      for (const outcome of outcomes) {
        if (!outcome.ok) {
          failed++
          this.rowStates.set(outcome.eventId, { error: outcome.error })
          continue
        }
        succeeded++
        this.rowStates.delete(outcome.eventId)
        if (action.kind === 'classify') this.setCategory(outcome.eventId, outcome.category ?? null)
        else leaving.push(outcome.eventId)
      }
      this.removeRows(leaving)
      this.notifyChanged()
    })
    this.announcement = summary(action, succeeded, failed)
    if (this.progress === progress) this.progress = null
    this.notifyChanged()
    return { succeeded, failed }
  }

  /** The action under way in words, as "Confirming 100 of 300". */
  progressWords(): string {
    const progress = this.progress
    return progress ? `${capitalized(progress.activity)} ${progress.done} of ${progress.total}` : ''
  }

  /** Says what was done outside the queue's own actions, in its live region. */
  announce(text: string): void {
    this.announcement = text
    this.notifyChanged()
  }

  /** Shows why something done to a row failed, on that row. */
  showRowError(eventId: string, error: string): void {
    this.rowStates.set(eventId, { error })
    this.notifyChanged()
  }

  /** Shows an event as a change made outside the queue's actions (its lines saved) left it. */
  replaceEvent(changed: QueueEventFragment): void {
    const index = this.rows.findIndex((event) => event?.id === changed.id)
    if (index < 0) return
    this.rows[index] = changed
    this.rowsVersion++
    this.notifyChanged()
  }

  private setCategory(eventId: string, category: QueueEventFragment['category']): void {
    const index = this.rows.findIndex((event) => event?.id === eventId)
    const event = this.rows[index]
    if (!event) return
    this.rows[index] = { ...event, category }
    this.rowsVersion++
  }

  private removeRows(eventIds: readonly string[]): void {
    if (eventIds.length === 0) return
    for (const eventId of eventIds) {
      const index = this.rows.findIndex((event) => event?.id === eventId)
      this.selected.delete(eventId)
      if (index < 0) continue
      this.rows.splice(index, 1)
      // The focus stays on the event it was on; when that event leaves, on the one that follows it.
      if (index < this.focusedIndex) this.focusedIndex--
    }
    this.totalCount = this.rows.length
    this.focusedIndex = Math.min(this.focusedIndex, Math.max(0, this.rows.length - 1))
    this.shiftOffsets()
  }

  private shiftOffsets(): void {
    this.epoch++
    this.rowsVersion++
    this.pagesInFlight.clear()
    this.loadVisible()
  }

  private loadVisible(): void {
    if (this.totalCount === null) {
      this.loadPage(0)
      return
    }
    const last = Math.min(this.visible.last, this.rows.length - 1)
    for (let index = Math.max(0, this.visible.first); index <= last; index++) {
      if (this.rows[index] !== undefined) continue
      const start = index - (index % queuePageSize)
      this.loadPage(start)
      index = start + queuePageSize - 1
    }
  }

  /** A page's rows in their places, and the queue's length as the page counted it. */
  private place(start: number, page: { totalCount: number; items: QueueEventFragment[] }): void {
    if (this.totalCount !== page.totalCount) {
      this.rows.length = page.totalCount
      this.totalCount = page.totalCount
      this.focusedIndex = Math.min(this.focusedIndex, Math.max(0, page.totalCount - 1))
    }
    page.items.forEach((event, offset) => {
      const index = start + offset
      if (index < this.rows.length && this.rows[index] === undefined) this.rows[index] = event
    })
    this.rowsVersion++
  }

  private loadPage(start: number): void {
    if (this.pagesInFlight.has(start) || this.loadError !== null) return
    this.pagesInFlight.add(start)
    const epoch = this.epoch
    void this.api.fetchPage(this.search, start, queuePageSize).then((answer) => {
      // Offsets moved (or the search changed) while this page was on its way: it no longer fits,
      // and shiftOffsets has asked for the rows on screen again.
      if (epoch !== this.epoch) return
      this.pagesInFlight.delete(start)
      if (!answer.ok) {
        this.loadError = answer.error
        this.notifyChanged()
        return
      }
      this.place(start, answer.value)
      this.notifyChanged()
      // The first answer tells how many rows there are: now the rest of the screen can be asked for.
      this.loadVisible()
    })
  }
}

function countOf(count: number): string {
  return count === 1 ? '1 event' : `${count} events`
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const pastTenseOf: Record<EventAction['kind'], string> = {
  classify: 'Classified',
  confirm: 'Confirmed',
  reject: 'Rejected',
}

const verbOf: Record<EventAction['kind'], string> = {
  classify: 'classified',
  confirm: 'confirmed',
  reject: 'rejected',
}

function summary(action: EventAction, succeeded: number, failed: number): string {
  const done = succeeded > 0 ? `${pastTenseOf[action.kind]} ${countOf(succeeded)}.` : ''
  const refused =
    failed > 0
      ? ` ${countOf(failed)} could not be ${verbOf[action.kind]}: the reason is shown on ${failed === 1 ? 'its row' : 'each row'}.`
      : ''
  return (done + refused).trim()
}
