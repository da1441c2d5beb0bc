import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { ImportBankFileDocument, type ImportBankFileMutation } from '../api/generated/bank-files'
import { mutate } from '../api/mutate'
import type { UploadedFile } from '../api/upload'
import type { UploadItem } from '../receipts/upload-drop-zone'

export type Preview = NonNullable<ImportBankFileMutation['importBankStatementFile']>

export type Step =
  | { kind: 'choose' }
  | { kind: 'previewing'; filename: string }
  | { kind: 'preview'; filename: string; s3Key: string; preview: Preview }
  | { kind: 'importing'; filename: string }
  | { kind: 'imported'; filename: string; importedCount: number; skippedCount: number }

/**
 * A statement file's way into the account: uploaded, previewed by the API's dry run as soon as it
 * is stored, then imported for real once the preview has been read.
 */
export function useStatementImport(organizationId: string, paymentAccountId: string) {
  const client = useClient()
  const [uploads, setUploads] = useState<UploadItem[]>([])
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [error, setError] = useState<string | null>(null)

  // A statement is previewed as soon as its upload is stored.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new upload starts a preview
  useEffect(() => {
    const uploaded = uploads.find((item) => item.state.kind === 'uploaded')
    if (uploaded?.state.kind === 'uploaded') void preview(uploaded.state.file)
  }, [uploads])

  async function preview(file: UploadedFile) {
    const { s3Key, filename } = file
    setUploads([])
    setError(null)
    setStep({ kind: 'previewing', filename })
    const outcome = await mutate(
      client,
      ImportBankFileDocument,
      { organizationId, paymentAccountId, s3Key, dryRun: true },
      (data) => data.importBankStatementFile,
    )
    if (!outcome.ok) {
      setError(`${filename} could not be read: ${outcome.error}`)
      return setStep({ kind: 'choose' })
    }
    setStep({ kind: 'preview', filename, s3Key, preview: outcome.value })
  }

  async function importFile(filename: string, s3Key: string) {
    setError(null)
    setStep({ kind: 'importing', filename })
    const outcome = await mutate(
      client,
      ImportBankFileDocument,
      { organizationId, paymentAccountId, s3Key, dryRun: false },
      (data) => data.importBankStatementFile,
    )
    if (!outcome.ok) {
      setError(`${filename} was not imported: ${outcome.error}`)
      return setStep({ kind: 'choose' })
    }
    const { importedCount, skippedCount } = outcome.value
    setStep({ kind: 'imported', filename, importedCount, skippedCount })
  }

  return { uploads, setUploads, step, error, importFile, startOver: () => setStep({ kind: 'choose' }) }
}
