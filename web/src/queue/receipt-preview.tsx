import { useEffect, useRef, useState } from 'preact/hooks'
import { fetchStoredFile, saveBlob } from '../api/files'
import type { SessionStore } from '../session/session-store'

// Wide enough to read a till receipt's lines in the panel, small enough to leave room beside it.
const previewWidthMax = 320

type Preview =
  | { kind: 'loading' }
  | { kind: 'image'; bitmap: ImageBitmap }
  | { kind: 'file'; blob: Blob }
  | { kind: 'failed'; error: string }

/**
 * A receipt's image, drawn on a canvas from the bytes fetched with the JWT. The page's policy
 * lets images come from the server alone (no blob: or data: URLs), and the file's URL needs the
 * token, so the image is decoded by the browser from the fetched bytes instead of loaded by URL.
 * A PDF or anything else that is not an image is offered as a download.
 */
export function ReceiptPreview(props: { session: SessionStore; s3Key: string; filename: string }) {
  const { session, s3Key, filename } = props
  const [preview, setPreview] = useState<Preview>({ kind: 'loading' })
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    let current = true
    let bitmap: ImageBitmap | null = null
    setPreview({ kind: 'loading' })
    fetchStoredFile(session, s3Key).then(async (answer) => {
      if (!current) return
      if (!answer.ok) return setPreview({ kind: 'failed', error: answer.error })
      const blob = answer.value
      if (!blob.type.startsWith('image/')) return setPreview({ kind: 'file', blob })
      try {
        bitmap = await createImageBitmap(blob)
        if (current) setPreview({ kind: 'image', bitmap })
      } catch {
        if (current) setPreview({ kind: 'file', blob })
      }
    })
    return () => {
      current = false
      bitmap?.close()
    }
  }, [session, s3Key])

  useEffect(() => {
    const element = canvas.current
    if (preview.kind !== 'image' || !element) return
    const { bitmap } = preview
    const scale = Math.min(1, previewWidthMax / bitmap.width)
    const ratio = window.devicePixelRatio || 1
    element.style.width = `${Math.round(bitmap.width * scale)}px`
    element.style.height = `${Math.round(bitmap.height * scale)}px`
    element.width = Math.round(bitmap.width * scale * ratio)
    element.height = Math.round(bitmap.height * scale * ratio)
    element.getContext('2d')?.drawImage(bitmap, 0, 0, element.width, element.height)
  }, [preview])

  if (preview.kind === 'loading') return <p class="muted">Loading {filename}…</p>
  if (preview.kind === 'failed')
    return <p class="error-text">{`${filename} could not be shown: ${preview.error}`}</p>
  if (preview.kind === 'file') {
    const kind = preview.blob.type === 'application/pdf' ? 'PDF' : 'file'
    return (
      <p>
        <button type="button" class="link-button" onClick={() => saveBlob(preview.blob, filename)}>
          Download {filename}
        </button>{' '}
        <span class="muted">(a {kind}: no preview here)</span>
      </p>
    )
  }
  return <canvas ref={canvas} class="receipt-image" role="img" aria-label={`Receipt ${filename}`} />
}
