import { useQuery } from '@urql/preact'
import { errorInWords } from '../api/errors'
import { MyOrganizationsDocument } from '../api/generated/session'
import { ErrorText } from '../components/error-text'
import { hrefOf } from '../navigation/navigation'
import type { Organization } from './session-store'

export function OrganizationPicker({
  onChoose,
  onOverview,
}: {
  onChoose: (organization: Organization) => void
  onOverview: () => void
}) {
  const [result, reexecute] = useQuery({ query: MyOrganizationsDocument, variables: {} })
  const organizations = result.data?.myOrganizations ?? null

  return (
    <section class="organization-picker" aria-labelledby="organization-picker-heading">
      <h1 id="organization-picker-heading">Choose an organization</h1>
      {result.fetching && <p>Loading your organizations…</p>}
      {result.error && (
        <>
          <ErrorText>Your organizations could not be loaded: {errorInWords(result.error)}</ErrorText>
          <button type="button" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
            Try again
          </button>
        </>
      )}
      {organizations?.length === 0 && (
        <p>You are not a member of any organization yet. Ask an owner of one to add you.</p>
      )}
      {organizations && organizations.length > 0 && (
        <ul class="organization-list">
          {organizations.map((organization, index) => (
            <li key={organization.id}>
              <button
                type="button"
                ref={index === 0 ? focusWhenShown : undefined}
                onClick={() => onChoose(organization)}
              >
                <span class="organization-name">{organization.name}</span>
                <span class="organization-currency">Books in {organization.functionalCurrency}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {organizations && organizations.length > 1 && (
        <p>
          <a
            href={hrefOf('clients')}
            onClick={(event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
              event.preventDefault()
              onOverview()
            }}
          >
            See what needs work in each of them
          </a>
        </p>
      )}
    </section>
  )
}

/** The first choice takes the focus when the list appears, so Enter picks it. */
function focusWhenShown(element: HTMLElement | null): void {
  element?.focus()
}
