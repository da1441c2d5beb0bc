// The organization's profile and contacts' business numbers (DESIGN 8.1): who may change them, every bad value refused with nothing changed, and no tenant reaching another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, createUser, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

type Body = { data?: Record<string, Record<string, unknown> | null>; errors?: Array<{ message: string }> }

const profileFields =
  'fiscalYearEnd businessNumber province salesTaxFrequency salesTaxMethod quickMethodRate yearEndLockDate'

const updateProfile = `mutation ($org: UUID!, $fye: String, $bn: String, $province: String, $frequency: String, $method: String, $rate: String) {
  updateOrganizationProfile(organizationId: $org, fiscalYearEnd: $fye, businessNumber: $bn, province: $province, salesTaxFrequency: $frequency, salesTaxMethod: $method, quickMethodRate: $rate) {
    success error errorCode organization { id ${profileFields} }
  }
}`

async function gql(
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
  headers = tenant.owner.jwt,
): Promise<Body> {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, headers)
  return response.body as Body
}

async function profileOf(tenant: Tenant) {
  const body = await gql(tenant, `{ myOrganizations { id ${profileFields} } }`, {}, tenant.bearer)
  const [organization] = (body.data?.myOrganizations ?? []) as unknown as Array<Record<string, unknown>>
  return organization
}

describe('updateOrganizationProfile', () => {
  it('starts every organization on a calendar year and the regular method, with nothing else known', async () => {
    const tenant = await createTenant(server)
    expect(await profileOf(tenant)).toEqual({
      id: tenant.organizationId,
      fiscalYearEnd: '12-31',
      businessNumber: null,
      province: null,
      salesTaxFrequency: null,
      salesTaxMethod: 'regular',
      quickMethodRate: null,
      yearEndLockDate: null,
    })
  })

  it('changes the fields given, keeps the others, clears with null, and tells the audit trail and the feed', async () => {
    const tenant = await createTenant(server)
    const first = await gql(tenant, updateProfile, {
      fye: '03-31',
      bn: '123456789 rt 0001',
      province: 'CA-ON',
      frequency: 'quarterly',
    })
    expect(first.data?.updateOrganizationProfile).toEqual({
      success: true,
      error: null,
      errorCode: null,
      organization: {
        id: tenant.organizationId,
        fiscalYearEnd: '03-31',
        businessNumber: '123456789RT0001',
        province: 'CA-ON',
        salesTaxFrequency: 'quarterly',
        salesTaxMethod: 'regular',
        quickMethodRate: null,
        yearEndLockDate: null,
      },
    })
    const quick = await gql(tenant, updateProfile, { method: 'quick', rate: '8.8' })
    expect(quick.data?.updateOrganizationProfile?.organization).toMatchObject({
      fiscalYearEnd: '03-31',
      province: 'CA-ON',
      salesTaxMethod: 'quick',
      quickMethodRate: '8.8',
    })
    const cleared = await gql(tenant, updateProfile, {
      bn: null,
      frequency: null,
      method: 'regular',
      rate: null,
    })
    expect(cleared.data?.updateOrganizationProfile?.organization).toMatchObject({
      fiscalYearEnd: '03-31',
      businessNumber: null,
      province: 'CA-ON',
      salesTaxFrequency: null,
      salesTaxMethod: 'regular',
      quickMethodRate: null,
    })
    // Another process's cache is not this one's: the answer is read back through a fresh request.
    expect(await profileOf(tenant)).toMatchObject({
      fiscalYearEnd: '03-31',
      province: 'CA-ON',
      businessNumber: null,
    })

    const audit = await gql(
      tenant,
      'query ($org: UUID!) { auditLog(organizationId: $org, limit: 50) { items { operation before after } } }',
    )
    const changes = (
      (audit.data?.auditLog?.items ?? []) as Array<{ operation: string; before: string; after: string }>
    ).filter((item) => item.operation === 'organization.profile_changed')
    expect(changes).toHaveLength(3)
    const feed = await gql(
      tenant,
      'query ($org: UUID!) { events(organizationId: $org, types: ["organization.profile_changed"]) { items { type entityId data } } }',
      {},
      tenant.bearer,
    )
    const items = feed.data?.events?.items as Array<{ type: string; entityId: string; data: string }>
    expect(items).toHaveLength(3)
    expect(items[0]?.entityId).toBe(tenant.organizationId)
    expect(JSON.parse(items[0]?.data as string)).toMatchObject({
      before: { fiscalYearEnd: '12-31', province: null },
      after: { fiscalYearEnd: '03-31', province: 'CA-ON', businessNumber: '123456789RT0001' },
    })
  })

  it('writes nothing when nothing changes', async () => {
    const tenant = await createTenant(server)
    const same = await gql(tenant, updateProfile, { fye: '12-31', method: 'regular' })
    expect(same.data?.updateOrganizationProfile).toMatchObject({ success: true })
    const feed = await gql(
      tenant,
      'query ($org: UUID!) { events(organizationId: $org, types: ["organization.profile_changed"]) { items { seq } } }',
      {},
      tenant.bearer,
    )
    expect(feed.data?.events?.items).toEqual([])
  })

  it.each([
    [{ fye: '13-01' }, 'INVALID_FISCAL_YEAR_END', 'fiscalYearEnd'],
    [{ fye: '02-29' }, 'INVALID_FISCAL_YEAR_END', 'fiscalYearEnd'],
    [{ fye: '04-31' }, 'INVALID_FISCAL_YEAR_END', 'fiscalYearEnd'],
    [{ fye: '2026-12-31' }, 'INVALID_FISCAL_YEAR_END', 'fiscalYearEnd'],
    [{ bn: '12345678' }, 'INVALID_BUSINESS_NUMBER', 'businessNumber'],
    [{ bn: '123456789RT001' }, 'INVALID_BUSINESS_NUMBER', 'businessNumber'],
    [{ bn: 'ABCDEFGHI' }, 'INVALID_BUSINESS_NUMBER', 'businessNumber'],
    [{ province: 'ON' }, 'INVALID_PROVINCE', 'province'],
    [{ province: 'CA-XX' }, 'INVALID_PROVINCE', 'province'],
    [{ method: 'cash' }, 'INVALID_TAX_METHOD', 'salesTaxMethod'],
    [{ method: 'quick' }, 'INVALID_TAX_METHOD', 'quickMethodRate'],
    [{ method: 'quick', rate: '0' }, 'INVALID_TAX_METHOD', 'quickMethodRate'],
    [{ method: 'quick', rate: '100' }, 'INVALID_TAX_METHOD', 'quickMethodRate'],
    [{ method: 'quick', rate: '8.8%' }, 'INVALID_TAX_METHOD', 'quickMethodRate'],
    [{ frequency: 'weekly' }, 'INVALID_TAX_METHOD', 'salesTaxFrequency'],
  ])('refuses %j with %s, naming %s, and changes nothing', async (values, errorCode, field) => {
    const tenant = await createTenant(server)
    await gql(tenant, updateProfile, { province: 'CA-BC', fye: '06-30' })
    const before = await profileOf(tenant)
    const refused = await gql(tenant, updateProfile, { province: 'CA-ON', ...values })
    const payload = refused.data?.updateOrganizationProfile
    expect(payload).toMatchObject({ success: false, errorCode, organization: null })
    expect(payload?.error).toContain(field)
    expect(await profileOf(tenant)).toEqual(before)
  })

  it('is for owners and admins signed in as people', async () => {
    const tenant = await createTenant(server)
    const byKey = await gql(tenant, updateProfile, { province: 'CA-ON' }, tenant.bearer)
    expect(byKey.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')
    const bookkeeper = await createUser(server)
    await gql(
      tenant,
      'mutation ($org: UUID!, $e: String!) { addMember(organizationId: $org, email: $e, role: "member") { success } }',
      { e: bookkeeper.email },
    )
    const byMember = await gql(tenant, updateProfile, { province: 'CA-ON' }, bookkeeper.jwt)
    expect(byMember.errors?.[0]?.message).toEqual(expect.any(String))
    expect(byMember.data?.updateOrganizationProfile ?? null).toBeNull()
    expect((await profileOf(tenant))?.province).toBeNull()
  })

  it("never changes another tenant's profile", async () => {
    const mine = await createTenant(server)
    const theirs = await createTenant(server)
    const before = await profileOf(theirs)
    const attempt = await server.gql(
      updateProfile,
      { org: theirs.organizationId, province: 'CA-QC' },
      mine.owner.jwt,
    )
    expect(attempt.body.errors?.[0]?.message).toEqual(expect.any(String))
    expect(attempt.body.data?.updateOrganizationProfile ?? null).toBeNull()
    expect(await profileOf(theirs)).toEqual(before)
  })
})

describe('Contact.businessNumber', () => {
  const contactFields = 'id displayName businessNumber'

  it('is kept without spaces on create, batch create and update, and removed with null', async () => {
    const tenant = await createTenant(server)
    const created = await gql(
      tenant,
      `mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "vendor", displayName: "Staples", businessNumber: "123456789 RT0001") { success errorCode contact { ${contactFields} } } }`,
      {},
      tenant.bearer,
    )
    const contact = created.data?.createContact?.contact as { id: string; businessNumber: string }
    expect(contact.businessNumber).toBe('123456789RT0001')
    const batch = await gql(
      tenant,
      'mutation ($org: UUID!) { batchCreateContacts(organizationId: $org, items: [{ contactType: "vendor", displayName: "Grand & Toy", businessNumber: "987654321" }, { contactType: "vendor", displayName: "Bad BN", businessNumber: "98765" }]) { created errors { index errorCode } } }',
      {},
      tenant.bearer,
    )
    expect(batch.data?.batchCreateContacts).toEqual({
      created: 1,
      errors: [{ index: 1, errorCode: 'INVALID_BUSINESS_NUMBER' }],
    })
    const renamed = await gql(
      tenant,
      `mutation ($org: UUID!, $id: UUID!) { updateContact(organizationId: $org, contactId: $id, displayName: "Staples Canada") { contact { ${contactFields} } } }`,
      { id: contact.id },
      tenant.bearer,
    )
    expect(renamed.data?.updateContact?.contact).toMatchObject({ businessNumber: '123456789RT0001' })
    const refused = await gql(
      tenant,
      `mutation ($org: UUID!, $id: UUID!) { updateContact(organizationId: $org, contactId: $id, businessNumber: "12-34") { success errorCode error contact { id } } }`,
      { id: contact.id },
      tenant.bearer,
    )
    expect(refused.data?.updateContact).toMatchObject({
      success: false,
      errorCode: 'INVALID_BUSINESS_NUMBER',
    })
    const removed = await gql(
      tenant,
      `mutation ($org: UUID!, $id: UUID!) { updateContact(organizationId: $org, contactId: $id, businessNumber: null) { contact { ${contactFields} } } }`,
      { id: contact.id },
      tenant.bearer,
    )
    expect(removed.data?.updateContact?.contact).toMatchObject({ businessNumber: null })
    const listed = await gql(
      tenant,
      'query ($org: UUID!) { listContacts(organizationId: $org) { items { displayName businessNumber } } }',
      {},
      tenant.bearer,
    )
    expect(listed.data?.listContacts?.items).toEqual([
      { displayName: 'Grand & Toy', businessNumber: '987654321' },
      { displayName: 'Staples Canada', businessNumber: null },
    ])
  })
})
