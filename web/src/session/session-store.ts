import type { MyOrganizationsQuery } from '../api/generated/session'
import { Observable } from '../components/observable'

export type Organization = NonNullable<MyOrganizationsQuery['myOrganizations']>[number]

export type Access =
  | { kind: 'signed_out' }
  | { kind: 'signed_in'; token: string; email: string }
  /** The server refused the token: the screens stay as they were, behind a sign-in form. */
  | { kind: 'expired'; email: string }

/**
 * Who is signed in and for which organization. The token lives in this object only: never in
 * storage or a URL, where another script, a shared machine or a log could keep it.
 */
export class SessionStore extends Observable {
  access: Access = { kind: 'signed_out' }
  organization: Organization | null = null
  /** Counts sign-outs, so everything kept for the previous person can be dropped with it. */
  generation = 0

  token(): string | undefined {
    return this.access.kind === 'signed_in' ? this.access.token : undefined
  }

  signIn(token: string, email: string): void {
    this.access = { kind: 'signed_in', token, email }
    this.notifyChanged()
  }

  expire(): void {
    if (this.access.kind !== 'signed_in') return
    this.access = { kind: 'expired', email: this.access.email }
    this.notifyChanged()
  }

  signOut(): void {
    this.access = { kind: 'signed_out' }
    this.organization = null
    this.generation++
    this.notifyChanged()
  }

  chooseOrganization(organization: Organization | null): void {
    this.organization = organization
    this.notifyChanged()
  }
}
