// Authentication: an API key, a person's JWT from tokenAuth, the rate-limit headers, and a key
// limited to the read scope. Run with DAYBOOK_URL, DAYBOOK_API_KEY, and an owner's or admin's
// DAYBOOK_EMAIL and DAYBOOK_PASSWORD (keys cannot make keys).
const baseUrl = process.env.DAYBOOK_URL ?? 'http://127.0.0.1:4000'
const apiKey = process.env.DAYBOOK_API_KEY
const email = process.env.DAYBOOK_EMAIL
const password = process.env.DAYBOOK_PASSWORD
check(apiKey && email && password, 'set DAYBOOK_API_KEY, DAYBOOK_EMAIL and DAYBOOK_PASSWORD')

function check(condition, message) {
  if (!condition) {
    console.error(`unexpected: ${message}`)
    process.exit(1)
  }
}

/** One GraphQL request with the Authorization header given; the whole answer, headers included. */
async function post(authorization, query, variables = {}) {
  const headers = { 'content-type': 'application/json' }
  if (authorization) headers.authorization = authorization
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

function dataOf(answer, what) {
  check(!answer.body.errors, `${what}: ${JSON.stringify(answer.body.errors)}`)
  return answer.body.data
}

// 1. An API key goes in `Authorization: Bearer dbk_…`. Every answer to a key carries its quota.
const asKey = await post(`Bearer ${apiKey}`, '{ myOrganizations { id name } }')
const [organization] = dataOf(asKey, 'myOrganizations').myOrganizations
const organizationId = organization.id
const limit = Number(asKey.headers.get('x-ratelimit-limit'))
const remaining = Number(asKey.headers.get('x-ratelimit-remaining'))
check(
  limit > 0 && remaining >= 0 && remaining < limit,
  'X-RateLimit-Limit and X-RateLimit-Remaining on a key request',
)
console.log(`API key: ${organization.name}; ${remaining} of ${limit} requests left this hour`)
console.log(`server release (Daybook-Version): ${asKey.headers.get('daybook-version')}`)

// 2. A wrong key is refused with a GraphQL error and a code, never with data.
const wrongKey = await post('Bearer dbk_not-a-key', '{ myOrganizations { id } }')
check(wrongKey.body.errors?.[0]?.extensions?.code === 'INVALID_API_KEY', 'a wrong key is INVALID_API_KEY')
console.log(`wrong key: ${wrongKey.body.errors[0].message} (${wrongKey.body.errors[0].extensions.code})`)

// 3. A person signs in with tokenAuth and sends `Authorization: JWT <token>` (valid 24 hours).
const signIn = await post(
  undefined,
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
  { email, password },
)
const jwt = `JWT ${dataOf(signIn, 'tokenAuth').tokenAuth.token}`
const access = dataOf(
  await post(
    jwt,
    'query ($organizationId: UUID!) { myAccess(organizationId: $organizationId) { role scopes } }',
    {
      organizationId,
    },
  ),
  'myAccess',
).myAccess
console.log(`signed in as ${email}: role ${access.role}`)

// 4. A key limited to reading: owners and admins make keys, signed in as themselves.
const created = dataOf(
  await post(
    jwt,
    `mutation ($organizationId: UUID!) {
      createApiKey(organizationId: $organizationId, name: "read-only report", scopes: ["read"]) {
        success errorCode error field key apiKey { id name scopes }
      }
    }`,
    { organizationId },
  ),
  'createApiKey',
).createApiKey
check(
  created.success && created.key.startsWith('dbk_'),
  `createApiKey: ${created.errorCode} ${created.error}`,
)
console.log(`made key "${created.apiKey.name}" with scopes ${created.apiKey.scopes.join(', ')} (shown once)`)

const scoped = `Bearer ${created.key}`
const readAnswer = await post(
  scoped,
  'query ($organizationId: UUID!) { listAccounts(organizationId: $organizationId) { totalCount } }',
  { organizationId },
)
console.log(`read key reads: ${dataOf(readAnswer, 'listAccounts').listAccounts.totalCount} accounts`)
const writeAnswer = await post(
  scoped,
  `mutation ($organizationId: UUID!) {
    createLedgerEvent(organizationId: $organizationId, merchantName: "Staples", amount: "1.00", transactionDate: "2026-01-05") { success }
  }`,
  { organizationId },
)
check(writeAnswer.body.errors?.[0]?.extensions?.code === 'INSUFFICIENT_SCOPE', 'a read key cannot write')
console.log(`read key writes: ${writeAnswer.body.errors[0].message} (INSUFFICIENT_SCOPE)`)

// 5. Revoke it: the next request with it is INVALID_API_KEY.
const revoked = dataOf(
  await post(
    jwt,
    'mutation ($organizationId: UUID!, $apiKeyId: UUID!) { revokeApiKey(organizationId: $organizationId, apiKeyId: $apiKeyId) { success errorCode error } }',
    { organizationId, apiKeyId: created.apiKey.id },
  ),
  'revokeApiKey',
).revokeApiKey
check(revoked.success, `revokeApiKey: ${revoked.errorCode} ${revoked.error}`)
const afterRevoke = await post(scoped, '{ myOrganizations { id } }')
check(
  afterRevoke.body.errors?.[0]?.extensions?.code === 'INVALID_API_KEY',
  'a revoked key is INVALID_API_KEY',
)
console.log('revoked the key: it is now INVALID_API_KEY')
console.log('ok')
