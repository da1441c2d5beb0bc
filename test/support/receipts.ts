import nodemailer from 'nodemailer'
import { expect } from 'vitest'
import { multipart } from './files.js'
import { type Tenant, unique } from './fixtures.js'
import { tenantGql } from './graphql.js'
import type { TestServer } from './server.js'

// Receipts sent the ways a client sends them: a file uploaded and attached to a new event, or a
// mail to one of the organization's intake addresses.

/** Uploads the file and attaches it to a new event, as a client would; returns the receipt's id. */
export async function attachReceipt(
  server: TestServer,
  tenant: Tenant,
  name: string,
  bytes: Buffer,
  type = 'application/octet-stream',
): Promise<string> {
  const created = await tenantGql(
    server,
    tenant,
    'mutation ($org: UUID!, $m: String!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: "18.40", transactionDate: "2026-03-02") { eventId } }',
    { m: name },
  )
  const uploaded = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: tenant.bearer,
    body: multipart([{ name: 'file', filename: name, bytes, type }]),
  })
  const body = (await uploaded.json()) as { s3Key: string }
  expect(uploaded.status, JSON.stringify(body)).toBe(201)
  const attached = await tenantGql(
    server,
    tenant,
    'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success receiptId error } }',
    { e: created.data?.createLedgerEvent.eventId, k: body.s3Key },
  )
  expect(attached.data?.attachReceiptToEvent).toMatchObject({ success: true })
  return attached.data?.attachReceiptToEvent.receiptId as string
}

/** A new email intake address of the tenant, its mailbox named after `label`. */
export async function intakeMailbox(server: TestServer, tenant: Tenant, label: string): Promise<string> {
  const mailbox = `${unique(label).replace(' ', '')}@example.com`
  const created = await tenantGql(
    server,
    tenant,
    'mutation ($org: UUID!, $a: String!) { createIntakeAddress(organizationId: $org, addressType: "email", address: $a) { success } }',
    { a: mailbox },
  )
  expect(created.data?.createIntakeAddress).toEqual({ success: true })
  return mailbox
}

/** A mail client for the server's SMTP intake on this loopback port, which speaks no TLS. */
export function smtpTransport(port: number) {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
}
