import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import { parseName } from '../../kernel/text.js'
import type { TaxCodeRecord } from '../tax-codes/tax-codes-port.js'
import {
  type AccountType,
  accountTypes,
  type Classification,
  classificationOfAccountType,
  classifications,
} from '../tax-codes/tax-codes-port.js'

// The pure rules of an account: what makes an input valid, and what balance it carries.

export interface AccountInput {
  name: string
  accountType?: string | null | undefined
  classification?: string | null | undefined
  subType?: string | null | undefined
  lastFour?: string | null | undefined
  parentId?: string | null | undefined
}

export interface ValidAccount {
  name: string
  accountType: AccountType
  classification: Classification
  subType: string
  lastFour: string | null
  parentId: string | null
  taxCodeId: string | null
}

const isAccountType = (value: string): value is AccountType => (accountTypes as string[]).includes(value)
const isClassification = (value: string): value is Classification =>
  (classifications as readonly string[]).includes(value)

/**
 * Checks an account's own fields. With a GIFI code, the code fixes the classification and
 * suggests the type; an explicit type may refine it within that classification (a credit card
 * is a liability that no GIFI code names). Without one, type and classification must both be
 * given and agree. Checks run in a fixed order so one input always gets the same answer.
 */
export function validateAccount(
  input: AccountInput,
  taxCode: TaxCodeRecord | undefined,
): Result<ValidAccount> {
  const name = parseName(input.name)
  if (!name.ok) return name

  const givenType = input.accountType ?? undefined
  const givenClassification = input.classification ?? undefined
  if (givenType !== undefined && !isAccountType(givenType)) {
    return fail(
      'INVALID_ACCOUNT_TYPE',
      `accountType must be one of: ${accountTypes.join(', ')}.`,
      'accountType',
    )
  }
  if (givenClassification !== undefined && !isClassification(givenClassification)) {
    return fail(
      'INVALID_CLASSIFICATION',
      `classification must be one of: ${classifications.join(', ')}.`,
      'classification',
    )
  }

  let accountType: AccountType
  let classification: Classification
  if (taxCode) {
    classification = taxCode.classification
    if (givenClassification !== undefined && givenClassification !== classification) {
      return fail(
        'ACCOUNT_TYPE_MISMATCH',
        `GIFI ${taxCode.code} is a ${classification} code; classification ${givenClassification} does not fit it.`,
        'classification',
      )
    }
    accountType = givenType ?? taxCode.accountType
  } else {
    if (givenType === undefined || givenClassification === undefined) {
      return fail(
        'ACCOUNT_TYPE_REQUIRED',
        'Give either taxCodeId or both accountType and classification.',
        givenType === undefined ? 'accountType' : 'classification',
      )
    }
    accountType = givenType
    classification = givenClassification
  }
  if (classificationOfAccountType[accountType] !== classification) {
    return fail(
      'ACCOUNT_TYPE_MISMATCH',
      `accountType ${accountType} belongs to classification ${classificationOfAccountType[accountType]}, not ${classification}.`,
      'accountType',
    )
  }

  const subType = input.subType ?? ''
  if (subType.length > limits.subTypeLengthMax || subType.includes('\u0000')) {
    return fail(
      'INVALID_SUB_TYPE',
      `subType must be at most ${limits.subTypeLengthMax} characters.`,
      'subType',
    )
  }
  const lastFour = input.lastFour ?? null
  if (lastFour !== null && !/^[0-9]{4}$/.test(lastFour)) {
    return fail('INVALID_LAST_FOUR', 'lastFour must be exactly 4 digits.', 'lastFour')
  }
  return ok({
    name: name.value,
    accountType,
    classification,
    subType,
    lastFour,
    parentId: input.parentId ?? null,
    taxCodeId: taxCode?.id ?? null,
  })
}

/** Assets and expenses grow with debits; liabilities, equity and revenue with credits (DESIGN 5.5). */
export function isDebitNatural(classification: Classification): boolean {
  return classification === 'asset' || classification === 'expense'
}

export function naturalBalance(
  classification: Classification,
  debitMinor: bigint,
  creditMinor: bigint,
): bigint {
  return isDebitNatural(classification) ? debitMinor - creditMinor : creditMinor - debitMinor
}

export const accountNameTaken = () =>
  fail('ACCOUNT_NAME_TAKEN', 'Account with this name already exists.', 'name')
