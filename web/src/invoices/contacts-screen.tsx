import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { CreateDocumentContactDocument, type DocumentContactFragment } from '../api/generated/invoices'
import { mutate } from '../api/mutate'
import type { Outcome } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import { groupDigits } from '../format/money'
import type { ScreenProps } from '../navigation/lazy-screen'
import { useRights } from '../session/rights'
import { ContactPage } from './contact-page'
import { loadContacts } from './document-data'

/** Customers and vendors with what each owes or is owed; one opens to its page and statement. */
export function ContactsScreen({ organization }: ScreenProps) {
  const client = useClient()
  const { writes } = useRights()
  const organizationId = organization.id
  const [contacts, setContacts] = useState<Outcome<DocumentContactFragment[]> | null>(null)
  const [opened, setOpened] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is how a change asks again
  useEffect(() => {
    let current = true
    void loadContacts(client, organizationId).then((answer) => current && setContacts(answer))
    return () => {
      current = false
    }
  }, [client, organizationId, generation])
  const chosen = contacts?.ok ? contacts.value.find((contact) => contact.id === opened) : undefined
  return (
    <div class="page-screen contacts-screen">
      <h1>Contacts</h1>
      {writes && (
        <PageSection
          id="new-contact"
          title="New contact"
          description="A customer to invoice, or a vendor whose bills you pay."
        >
          <NewContactForm
            organizationId={organizationId}
            onCreated={(id) => {
              setOpened(id)
              setGeneration((count) => count + 1)
            }}
          />
        </PageSection>
      )}
      <PageSection
        id="contacts"
        title="Customers and vendors"
        description="Outstanding counts credits against what is due."
      >
        {contacts === null && <p class="muted">Loading…</p>}
        {contacts?.ok === false && <ErrorText>{contacts.error}</ErrorText>}
        {contacts?.ok && <ContactsTable contacts={contacts.value} opened={opened} onOpen={setOpened} />}
      </PageSection>
      {chosen && <ContactPage key={chosen.id} organizationId={organizationId} contact={chosen} />}
    </div>
  )
}

function ContactsTable(props: {
  contacts: readonly DocumentContactFragment[]
  opened: string | null
  onOpen: (id: string | null) => void
}) {
  if (props.contacts.length === 0) return <p class="muted">No contacts yet.</p>
  return (
    <table class="settings-table" aria-label="Contacts">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col" class="number">
            Outstanding
          </th>
          <th scope="col" class="number">
            Overdue
          </th>
        </tr>
      </thead>
      <tbody>
        {props.contacts.map((contact) => (
          <tr key={contact.id}>
            <th scope="row">
              <button
                type="button"
                class="link-button"
                aria-expanded={props.opened === contact.id}
                onClick={() => props.onOpen(props.opened === contact.id ? null : contact.id)}
              >
                {contact.displayName}
              </button>
            </th>
            <td>{contact.contactType === 'customer' ? 'Customer' : 'Vendor'}</td>
            <td class="number">{groupDigits(contact.outstanding)}</td>
            <td class="number">{groupDigits(contact.overdue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function NewContactForm(props: { organizationId: string; onCreated: (id: string) => void }) {
  const client = useClient()
  const [contactType, setContactType] = useState('customer')
  const [displayName, setDisplayName] = useState('')
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  async function create() {
    setError(null)
    const outcome = await mutate(
      client,
      CreateDocumentContactDocument,
      { organizationId: props.organizationId, contactType, displayName, email: email.trim() || null },
      (data) => data.createContact,
    )
    if (!outcome.ok) return setError(outcome.error)
    setDisplayName('')
    setEmail('')
    if (outcome.value.contact) props.onCreated(outcome.value.contact.id)
  }
  return (
    <form
      class="inline-form"
      aria-label="New contact"
      onSubmit={(event) => {
        event.preventDefault()
        void create()
      }}
    >
      <div class="field">
        <label for="contact-type">Type</label>
        <select id="contact-type" value={contactType} onChange={(e) => setContactType(e.currentTarget.value)}>
          <option value="customer">Customer</option>
          <option value="vendor">Vendor</option>
        </select>
      </div>
      <div class="field">
        <label for="contact-name">Name</label>
        <input
          id="contact-name"
          required
          value={displayName}
          onInput={(e) => setDisplayName(e.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for="contact-email">Email</label>
        <input
          id="contact-email"
          type="email"
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
      </div>
      <button type="submit">Add contact</button>
      {error && <ErrorText>{error}</ErrorText>}
    </form>
  )
}
