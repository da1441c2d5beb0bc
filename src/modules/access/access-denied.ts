import type { ErrorCode } from '../../kernel/error-codes.js'

// The spec's access errors, in the order DESIGN 4 checks them. They end an operation as a
// GraphQL error with the exact message; codes are stable for clients that branch on them.
export const accessDenials = {
  authenticationRequired: { code: 'UNAUTHENTICATED', message: 'Authentication Required.' },
  invalidApiKey: { code: 'INVALID_API_KEY', message: 'Invalid API Key.' },
  invalidToken: { code: 'INVALID_TOKEN', message: 'Invalid Or Expired Token.' },
  organizationNotFound: { code: 'ORGANIZATION_NOT_FOUND', message: 'Organization Not Found.' },
  apiKeyWrongOrganization: {
    code: 'API_KEY_NOT_AUTHORIZED',
    message: 'API Key Not Authorized For This Organization.',
  },
  notAMember: { code: 'NOT_A_MEMBER', message: 'Not A Member Of This Organization.' },
  apiKeyAdmin: { code: 'API_KEY_ADMIN_FORBIDDEN', message: 'API Keys Cannot Perform Admin Operations.' },
  roleTooLow: { code: 'OWNER_OR_ADMIN_REQUIRED', message: 'Must Be Owner Or Admin.' },
  readOnly: { code: 'READ_ONLY', message: 'Viewers Cannot Make Changes.' },
  insufficientScope: { code: 'INSUFFICIENT_SCOPE', message: 'API Key Lacks The Scope For This Operation.' },
  invalidCredentials: { code: 'INVALID_CREDENTIALS', message: 'Invalid Credentials.' },
  tooManyAttempts: {
    code: 'TOO_MANY_ATTEMPTS',
    message: 'Too Many Failed Sign-In Attempts. Try Again Later.',
  },
  signInRateLimited: { code: 'SIGN_IN_RATE_LIMITED', message: 'Too Many Sign-In Attempts. Try Again Later.' },
} as const satisfies Record<string, { code: ErrorCode; message: string }>

export type AccessDenial = (typeof accessDenials)[keyof typeof accessDenials]

export class AccessDenied extends Error {
  readonly code: ErrorCode
  constructor(denial: AccessDenial) {
    super(denial.message)
    this.code = denial.code
  }
}
