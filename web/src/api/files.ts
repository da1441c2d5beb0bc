import type { SessionStore } from '../session/session-store'
import { failed, type Outcome, succeeded } from './outcome'

/**
 * A stored file (a receipt's image or PDF) fetched with the JWT: GET /files/<s3Key> answers only
 * its organization's members, so the browser cannot load it by URL alone.
 */
export function fetchStoredFile(session: SessionStore, s3Key: string): Promise<Outcome<Blob>> {
  return fetchWithSession(session, `/files/${s3Key.split('/').map(encodeURIComponent).join('/')}`)
}

/** A document as a PDF, fetched with the JWT as a stored file is. */
export function fetchDocumentPdf(session: SessionStore, invoiceId: string): Promise<Outcome<Blob>> {
  return fetchWithSession(session, `/invoices/${encodeURIComponent(invoiceId)}.pdf`)
}

async function fetchWithSession(session: SessionStore, path: string): Promise<Outcome<Blob>> {
  const token = session.token()
  if (!token) return failed('Sign in again to see this file.')
  let response: Response
  try {
    response = await fetch(path, { headers: { authorization: `JWT ${token}` } })
  } catch {
    return failed('Daybook could not be reached. Check the connection, then try again.')
  }
  if (response.status === 401) session.expire()
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errors?: Array<{ message: string }> } | null
    return failed(body?.errors?.[0]?.message ?? `Daybook refused the file (HTTP ${response.status}).`)
  }
  return succeeded(await response.blob())
}

/** Saves a blob under its name, as a download link the person clicked would. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  // The browser holds the file once the click is handled; the URL only keeps the blob alive.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000)
}
