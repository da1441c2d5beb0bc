import type { Executor } from '../../db/schema.js'
import { isUuid } from '../../kernel/ids.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import { renderInvoicePdf } from './invoice-pdf.js'
import type { InvoiceService, InvoiceView } from './invoice-service.js'

// GET /invoices/{id}.pdf (DESIGN 8.6): the document as a PDF for whoever may read it. The path
// names the document alone, so the organization is the caller's: an API key's own, or, for a
// person, the one asked for or else each of theirs in turn, as a document id names one document
// in all of Daybook.

export interface InvoicePdf {
  filename: string
  bytes: Uint8Array
}

export const invoicePdfOperation = 'GET /invoices/:id.pdf'

export class InvoicePdfService {
  constructor(
    private readonly deps: {
      db: Executor
      access: AccessPort
      organizations: OrganizationsPort
      invoices: InvoiceService
    },
  ) {}

  /**
   * The PDF, or null when no organization the caller reads holds the document. Access denials
   * are thrown as every use case throws them; the edge decides which of them answer as missing.
   */
  async pdf(principal: Principal, invoiceId: string, organizationId?: string): Promise<InvoicePdf | null> {
    this.deps.access.requireIdentified(principal)
    const candidates =
      organizationId !== undefined ? [organizationId] : await this.deps.access.organizationIdsOf(principal)
    for (const candidate of candidates) {
      const scope = await this.deps.access.authorize(principal, candidate, invoicePdfOperation)
      // A malformed id names nothing; it is asked only after the caller's rights, as /files asks.
      if (!isUuid(invoiceId)) return null
      const found = await this.render(scope, invoiceId)
      if (found) return found
    }
    return null
  }

  private async render(scope: OrgScope, invoiceId: string): Promise<InvoicePdf | null> {
    const [view] = await this.deps.invoices.viewsOf(this.deps.db, scope, [invoiceId])
    if (!view) return null
    const [organization] = await this.deps.organizations.findByIds([scope.organizationId])
    const bytes = await renderInvoicePdf(view, {
      name: organization?.name ?? '',
      businessNumber: organization?.businessNumber ?? null,
    })
    return { filename: filenameOf(view), bytes }
  }
}

/** A name any browser and mail client keeps: the number, with what a file name cannot hold replaced. */
export function filenameOf(view: Pick<InvoiceView, 'number'>): string {
  const safe = view.number.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '')
  return `${safe || 'document'}.pdf`
}
