import type { FastifyInstance } from 'fastify'
import { AccessDenied } from '../modules/access/access-denied.js'
import type { Services } from '../services.js'
import { replyAccessDenied } from './rest-errors.js'
import { errorBody } from './status-policy.js'

const notFound = () => errorBody('Invoice not found.', 'INVOICE_NOT_FOUND')

/**
 * GET /invoices/{id}.pdf (DESIGN 8.6), authenticated like /files. A person may name the
 * organization with `?organizationId=`; without it, each of theirs is looked in.
 */
export function registerInvoicePdfRoute(app: FastifyInstance, services: Services): void {
  // pdfkit compresses the page streams already: compressing the answer again would spend CPU to
  // save little, and the download keeps its Content-Length.
  app.get(
    '/invoices/:id.pdf',
    { config: { authenticated: true }, compress: false },
    async (request, reply) => {
      const { id } = request.params as { id: string }
      const asked = (request.query as { organizationId?: unknown }).organizationId
      let pdf: Awaited<ReturnType<Services['invoicePdf']['pdf']>>
      try {
        pdf = await services.invoicePdf.pdf(
          request.principal,
          id,
          typeof asked === 'string' ? asked : undefined,
        )
      } catch (error) {
        // Another organization's document answers like a missing one, as another's file does.
        const code = error instanceof AccessDenied ? error.code : undefined
        if (code === 'API_KEY_NOT_AUTHORIZED' || code === 'NOT_A_MEMBER')
          return reply.code(404).send(notFound())
        return replyAccessDenied(reply, error)
      }
      if (!pdf) return reply.code(404).send(notFound())
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdf.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf.bytes))
    },
  )
}
