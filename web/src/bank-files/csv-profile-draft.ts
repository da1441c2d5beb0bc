import type { CsvImportProfileInput, CsvProfileFieldsFragment } from '../api/generated/bank-files'

/** The form's own shape: every field as the inputs hold it, with how the amount is written. */
export interface Draft {
  name: string
  delimiter: string
  encoding: string
  hasHeader: boolean
  skipLines: string
  dateColumn: string
  dateFormat: string
  amountKind: 'signed' | 'split'
  amountColumn: string
  inflowColumn: string
  outflowColumn: string
  descriptionColumn: string
  payeeColumn: string
  memoColumn: string
  referenceColumn: string
  decimalMark: string
  flipSign: boolean
}

export const emptyDraft: Draft = {
  name: '',
  delimiter: ',',
  encoding: '',
  hasHeader: true,
  skipLines: '0',
  dateColumn: '',
  dateFormat: 'YYYY-MM-DD',
  amountKind: 'signed',
  amountColumn: '',
  inflowColumn: '',
  outflowColumn: '',
  descriptionColumn: '',
  payeeColumn: '',
  memoColumn: '',
  referenceColumn: '',
  decimalMark: '.',
  flipSign: false,
}

export function draftOf(profile: Omit<CsvProfileFieldsFragment, 'id' | 'updatedAt'>): Draft {
  return {
    name: profile.name,
    delimiter: profile.delimiter,
    encoding: profile.encoding ?? '',
    hasHeader: profile.hasHeader,
    skipLines: String(profile.skipLines),
    dateColumn: profile.dateColumn,
    dateFormat: profile.dateFormat,
    amountKind: profile.amountColumn ? 'signed' : 'split',
    amountColumn: profile.amountColumn ?? '',
    inflowColumn: profile.inflowColumn ?? '',
    outflowColumn: profile.outflowColumn ?? '',
    descriptionColumn: profile.descriptionColumn ?? '',
    payeeColumn: profile.payeeColumn ?? '',
    memoColumn: profile.memoColumn ?? '',
    referenceColumn: profile.referenceColumn ?? '',
    decimalMark: profile.decimalMark,
    flipSign: profile.flipSign,
  }
}

const optional = (text: string): string | null => (text.trim() === '' ? null : text.trim())

export function inputOf(draft: Draft): CsvImportProfileInput {
  const signed = draft.amountKind === 'signed'
  return {
    name: draft.name.trim(),
    delimiter: draft.delimiter,
    encoding: optional(draft.encoding),
    hasHeader: draft.hasHeader,
    skipLines: Number.parseInt(draft.skipLines, 10) || 0,
    dateColumn: draft.dateColumn.trim(),
    dateFormat: draft.dateFormat,
    amountColumn: signed ? optional(draft.amountColumn) : null,
    inflowColumn: signed ? null : optional(draft.inflowColumn),
    outflowColumn: signed ? null : optional(draft.outflowColumn),
    descriptionColumn: optional(draft.descriptionColumn),
    payeeColumn: optional(draft.payeeColumn),
    memoColumn: optional(draft.memoColumn),
    referenceColumn: optional(draft.referenceColumn),
    decimalMark: draft.decimalMark,
    flipSign: draft.flipSign,
  }
}
