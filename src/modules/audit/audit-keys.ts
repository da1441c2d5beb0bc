import { createHmac, randomBytes } from 'node:crypto'

// Where each organization's chain key comes from (ADR 0051): one secret of the installation, the
// AUDIT_CHAIN_SECRET setting when given, and each organization's key derived from it. Nothing of it
// is in an answer of the API, and the keys themselves are never stored.

export class AuditKeys {
  private secret: Buffer | undefined

  constructor(private readonly configured: string | undefined) {}

  /**
   * Loaded once before any write: a record is sealed inside its writer's transaction, where a
   * second query for the secret would wait on that very transaction (SQLite).
   */
  async load(storedOrInsert: (name: string, value: string) => Promise<string>): Promise<void> {
    if (this.secret) return
    const value =
      this.configured ?? (await storedOrInsert(storedSecretName, randomBytes(32).toString('base64url')))
    this.secret = Buffer.from(value, 'utf8')
  }

  keyFor(organizationId: string): Buffer {
    if (!this.secret) throw new Error('the audit chain secret is not loaded')
    return createHmac('sha256', this.secret).update(`daybook audit chain\u0000${organizationId}`).digest()
  }
}

/** The settings row that holds a generated secret where none is configured. */
export const storedSecretName = 'audit_chain_secret'
