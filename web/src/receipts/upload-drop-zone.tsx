import { useRef, useState } from 'preact/hooks'
import { type UploadedFile, uploadFile } from '../api/upload'
import { ErrorText } from '../components/error-text'
import type { SessionStore } from '../session/session-store'

export type UploadState =
  | { kind: 'uploading' }
  | { kind: 'uploaded'; file: UploadedFile }
  | { kind: 'failed'; error: string }

export interface UploadItem {
  id: number
  name: string
  state: UploadState
}

// Two at a time: several files go up together without one large file holding up the rest.
const uploadsInParallel = 2
let nextUploadId = 1

/**
 * Files dropped on the zone, or chosen with its button (the keyboard's way in), are sent to
 * POST /uploads one by one; each shows its own progress and, if refused, the server's reason.
 */
export function UploadDropZone(props: {
  organizationId: string
  session: SessionStore
  uploads: UploadItem[]
  onChange: (update: (items: UploadItem[]) => UploadItem[]) => void
  accept?: string
  label?: string
  zoneLabel?: string
}) {
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  function setState(id: number, state: UploadState) {
    props.onChange((items) => items.map((item) => (item.id === id ? { ...item, state } : item)))
  }

  async function send(files: File[]) {
    const queued = files.map((file) => ({
      file,
      item: { id: nextUploadId++, name: file.name, state: { kind: 'uploading' } as UploadState },
    }))
    props.onChange((items) => [...queued.map((each) => each.item), ...items])
    const worker = async () => {
      for (let next = queued.shift(); next; next = queued.shift()) {
        const outcome = await uploadFile(props.session, props.organizationId, next.file)
        setState(
          next.item.id,
          outcome.ok ? { kind: 'uploaded', file: outcome.value } : { kind: 'failed', error: outcome.error },
        )
      }
    }
    await Promise.all(Array.from({ length: uploadsInParallel }, worker))
  }

  const inProgress = props.uploads.filter((item) => item.state.kind !== 'uploaded')
  return (
    <div>
      <section
        aria-label={props.zoneLabel ?? 'Upload receipts'}
        class={`drop-zone${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          const files = Array.from(event.dataTransfer?.files ?? [])
          if (files.length > 0) void send(files)
        }}
      >
        <p>{props.label ?? 'Drop receipts here: JPEG, PNG, WebP, HEIC or PDF, up to 20 MiB each.'}</p>
        <button type="button" onClick={() => input.current?.click()}>
          Choose files
        </button>
        <input
          ref={input}
          type="file"
          multiple
          class="visually-hidden"
          tabIndex={-1}
          aria-label="Files to upload"
          accept={props.accept ?? 'image/jpeg,image/png,image/webp,image/heic,application/pdf'}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? [])
            event.currentTarget.value = ''
            if (files.length > 0) void send(files)
          }}
        />
      </section>
      {inProgress.length > 0 && (
        <ul class="upload-progress" aria-live="polite">
          {inProgress.map((item) => (
            <li key={item.id}>
              <span>{item.name}</span>
              {item.state.kind === 'uploading' && <span class="muted"> uploading…</span>}
              {item.state.kind === 'failed' && (
                <ErrorText>{`${item.name} was not uploaded: ${item.state.error}`}</ErrorText>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
