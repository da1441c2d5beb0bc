import type { SessionStore } from '../session/session-store'
import { failed, type Outcome, succeeded } from './outcome'

export interface UploadedFile {
  s3Key: string
  filename: string
  contentType: string
  size: number
}

/**
 * Sends one file to POST /uploads, which stores it for the organization and answers the s3Key
 * that attachReceiptToEvent and the bank-file import take. People signed in with a JWT name the
 * organization in a form field.
 */
export async function uploadFile(
  session: SessionStore,
  organizationId: string,
  file: File,
): Promise<Outcome<UploadedFile>> {
  const token = session.token()
  if (!token) return failed('Sign in again, then send this file again.')
  const form = new FormData()
  form.append('organizationId', organizationId)
  form.append('file', file, file.name)
  let response: Response
  try {
    response = await fetch('/uploads', {
      method: 'POST',
      headers: { authorization: `JWT ${token}` },
      body: form,
    })
  } catch {
    return failed('Daybook could not be reached. Check the connection, then try again.')
  }
  const body = (await response.json().catch(() => null)) as
    | (UploadedFile & { errors?: Array<{ message: string; extensions?: { code?: string } }> })
    | null
  if (response.status === 401) session.expire()
  if (response.ok && body?.s3Key) return succeeded(body)
  return failed(body?.errors?.[0]?.message ?? `Daybook refused the file (HTTP ${response.status}).`)
}
