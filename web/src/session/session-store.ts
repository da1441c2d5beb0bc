import type { MyOrganizationsQuery } from '../api/generated/session'
import { Observable } from '../components/observable'
import type { Role } from './rights'

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
  /** The person's role in the chosen organization; null until Daybook has said. */
  role: Role | null = null
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
    this.role = null
    this.generation++
    this.notifyChanged()
  }

  /** The role is kept when the same organization is chosen again with news of it (a new lock date). */
  chooseOrganization(organization: Organization | null, role: Role | null = null): void {
    const same = organization !== null && organization.id === this.organization?.id
    this.organization = organization
    this.role = role ?? (same ? this.role : null)
    this.notifyChanged()
  }

  learnRole(organizationId: string, role: Role): void {
    if (this.organization?.id !== organizationId) return
    this.role = role
    this.notifyChanged()
  }
}
