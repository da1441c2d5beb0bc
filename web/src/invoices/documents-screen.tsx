import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { ask } from '../api/ask'
import { type DocumentSummaryFragment, DocumentsDocument } from '../api/generated/invoices'
import type { Outcome } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import type { ScreenProps } from '../navigation/lazy-screen'
import { useRights } from '../session/rights'
import { useDocumentData } from './document-data'
import { DocumentDetail } from './document-detail'
import { DocumentEditor } from './document-editor'
import { type DocumentFilters, DocumentFiltersBar, filterVariables, initialFilters } from './document-filters'
import { DocumentList, documentsPageSize, Paging } from './document-list'
import { type Side, sideWords } from './document-sides'

type Page = Outcome<{ totalCount: number; items: DocumentSummaryFragment[] }>

function useDocumentsPage(
  organizationId: string,
  filters: DocumentFilters,
  offset: number,
  generation: number,
) {
  const client = useClient()
  const [page, setPage] = useState<Page | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is how a change asks again
  useEffect(() => {
    let current = true
    void ask(
      client,
      DocumentsDocument,
      { organizationId, ...filterVariables(filters), limit: documentsPageSize, offset },
      (data) => data.listInvoices,
    ).then((answer) => current && setPage(answer))
    return () => {
      current = false
    }
  }, [client, organizationId, filters, offset, generation])
  return page
}

/**
 * A side's documents: the customer's (invoices and credit notes) or the vendor's (bills and vendor
 * credits), one screen for both so that they work alike.
 */
function DocumentsScreen({ organization, session, side: sideName }: ScreenProps & { side: Side }) {
  const client = useClient()
  const side = sideWords[sideName]
  const { writesDocuments } = useRights()
  const organizationId = organization.id
  const [filters, setFilters] = useState<DocumentFilters>(() => initialFilters(side))
  const [offset, setOffset] = useState(0)
  const [generation, setGeneration] = useState(0)
  const [opened, setOpened] = useState<string | null>(null)
  const data = useDocumentData(client, organizationId, 0)
  const page = useDocumentsPage(organizationId, filters, offset, generation)
  const refresh = () => setGeneration((count) => count + 1)
  const functionalCurrency = organization.functionalCurrency

  return (
    <div class="page-screen documents-screen">
      <h1>{side.title}</h1>
      {data?.ok === false && <ErrorText>{data.error}</ErrorText>}
      {writesDocuments && data?.ok && (
        <PageSection
          id="new-document"
          title={`New ${side.one}`}
          description="Saved as a draft: nothing is posted until it is approved. The totals follow the lines as they are typed."
        >
          <DocumentEditor
            organizationId={organizationId}
            side={side}
            data={data.value}
            functionalCurrency={functionalCurrency}
            onSaved={(saved) => {
              setOpened(saved.id)
              refresh()
            }}
          />
        </PageSection>
      )}
      <PageSection id="documents" title={`All ${side.title.toLowerCase()}`} description="Newest first.">
        <DocumentFiltersBar
          side={side}
          filters={filters}
          onChange={(changed) => {
            setFilters(changed)
            setOffset(0)
          }}
        />
        {page === null && <p class="muted">Loading…</p>}
        {page?.ok === false && <ErrorText>{page.error}</ErrorText>}
        {page?.ok && (
          <>
            <DocumentList
              label={side.title}
              documents={page.value.items}
              opened={opened}
              onOpen={(id) => setOpened(opened === id ? null : id)}
            />
            <Paging
              offset={offset}
              shown={page.value.items.length}
              totalCount={page.value.totalCount}
              onOffset={setOffset}
            />
          </>
        )}
      </PageSection>
      {opened && data?.ok && (
        <DocumentDetail
          key={opened}
          organizationId={organizationId}
          session={session}
          side={side}
          data={data.value}
          functionalCurrency={functionalCurrency}
          invoiceId={opened}
          onChanged={refresh}
        />
      )}
    </div>
  )
}

export function InvoicesScreen(props: ScreenProps) {
  return <DocumentsScreen {...props} side="customer" />
}

export function BillsScreen(props: ScreenProps) {
  return <DocumentsScreen {...props} side="vendor" />
}
