import { useClient, useQuery } from '@urql/preact'
import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import { AddMemberDocument, MembersDocument, RemoveMemberDocument } from '../api/generated/settings'
import { mutate } from '../api/mutate'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'

const roles = ['member', 'admin', 'owner'] as const

export function MembersSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const [list, refresh] = useQuery({ query: MembersDocument, variables: { organizationId } })
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<string>('member')
  const [addError, setAddError] = useState<string | null>(null)
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})

  async function add(event: Event) {
    event.preventDefault()
    setAddError(null)
    const outcome = await mutate(
      client,
      AddMemberDocument,
      { organizationId, email: email.trim(), role },
      (data) => data.addMember,
    )
    if (!outcome.ok) return setAddError(outcome.error)
    setEmail('')
    refresh({ requestPolicy: 'network-only' })
  }

  async function remove(userId: string) {
    const outcome = await mutate(
      client,
      RemoveMemberDocument,
      { organizationId, userId },
      (data) => data.removeMember,
    )
    setRowErrors((errors) => ({ ...errors, [userId]: outcome.ok ? '' : outcome.error }))
    if (outcome.ok) refresh({ requestPolicy: 'network-only' })
  }

  const members = list.data?.listMembers ?? []
  return (
    <PageSection
      id="members"
      title="Members and roles"
      description="Owners and admins manage these settings; members work the books. A person needs a Daybook account before being added."
      loadError={list.error}
    >
      <form class="inline-form" onSubmit={add}>
        <div class="field">
          <label for="member-email">Email of the person to add</label>
          <input
            id="member-email"
            type="email"
            required
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="member-role">Role</label>
          <select id="member-role" value={role} onChange={(event) => setRole(event.currentTarget.value)}>
            {roles.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" class="primary">
          Add member
        </button>
      </form>
      {addError && <ErrorText>{addError}</ErrorText>}
      {members.length > 0 && (
        <div class="table-frame">
          <table class="settings-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">
                  <span class="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <Fragment key={member.userId}>
                  <tr>
                    <td>{member.email}</td>
                    <td>{member.name}</td>
                    <td>{member.role}</td>
                    <td class="row-actions">
                      <ConfirmButton
                        label={`Remove ${member.email}`}
                        question={`Remove ${member.email} from this organization?`}
                        confirmLabel="Remove"
                        onConfirm={() => remove(member.userId)}
                      />
                    </td>
                  </tr>
                  <RowError columns={4} message={rowErrors[member.userId]} />
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PageSection>
  )
}
