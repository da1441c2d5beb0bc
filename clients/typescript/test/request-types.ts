// Compile-time checks, run by npm run typecheck: a line under @ts-expect-error fails the typecheck
// when it compiles, so each one proves the client refuses what it marks.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { parse } from 'graphql'
import type { DaybookClient } from '../src/daybook-client.js'
import {
  ListLedgerEventsDocument,
  MyOrganizationsDocument,
  type MyOrganizationsQuery,
  type MyOrganizationsQueryVariables,
} from '../src/generated/graphql.js'
import type { AccountType, LedgerEventStatus } from '../src/generated/values.js'

export async function typeChecks(daybook: DaybookClient): Promise<void> {
  // What codegen makes by default: a graphql-js AST, which the client cannot post.
  const ast = parse('query MyOrganizations { myOrganizations { id } }') as TypedDocumentNode<
    MyOrganizationsQuery,
    MyOrganizationsQueryVariables
  >
  // @ts-expect-error a DocumentNode is refused: pass the generated string document or query text
  await daybook.request(ast, {})
  // @ts-expect-error an untyped DocumentNode too
  await daybook.request(parse('{ myOrganizations { id } }'), {})
  // @ts-expect-error and pages() refuses one as request() does
  daybook.pages(ast, {}, (data) => ({ items: data.myOrganizations ?? [], totalCount: 0 }))

  const { myOrganizations } = await daybook.request(MyOrganizationsDocument, {})
  const ids: string[] = (myOrganizations ?? []).map((organization) => organization.id)
  // @ts-expect-error the variables are the document's own
  await daybook.request(ListLedgerEventsDocument, { organizationId: ids[0], limit: '200' })

  const text = await daybook.request<{ myOrganizations: Array<{ id: string }> }>(
    '{ myOrganizations { id } }',
    {},
  )
  text.myOrganizations satisfies Array<{ id: string }>

  for await (const page of daybook.pages(
    ListLedgerEventsDocument,
    { organizationId: 'o' },
    (data) => data.listLedgerEvents,
  )) {
    const merchants: string[] = page.items.map((event) => event.merchantName)
    void merchants
  }

  const status: LedgerEventStatus = 'needs_review'
  // @ts-expect-error a status the server does not know
  const unknownStatus: LedgerEventStatus = 'approved'
  const accountType: AccountType = 'credit_card'
  void [status, unknownStatus, accountType]
}
