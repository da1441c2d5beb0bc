import { useClient, useQuery } from '@urql/preact'
import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import {
  AddMemberDocument,
  MembersDocument,
  type MembersQuery,
  RemoveMemberDocument,
  UpdateMemberRoleDocument,
} from '../api/generated/settings'
import { mutate } from '../api/mutate'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'
import { roles, useRights } from '../session/rights'

type Member = NonNullable<MembersQuery['listMembers']>[number]

export function MembersSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const { role: ownRole } = useRights()
  // Only an owner makes or changes an owner, so an admin is not offered what Daybook refuses.
  const choices = roles.filter((each) => each !== 'owner' || ownRole === 'owner')
  const [list, refresh] = useQuery({ query: MembersDocument, variables: { organizationId } })
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})

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

  async function changeRole(userId: string, role: string): Promise<boolean> {
    const outcome = await mutate(
      client,
      UpdateMemberRoleDocument,
      { organizationId, userId, role },
      (data) => data.updateMemberRole,
    )
    setRowErrors((errors) => ({ ...errors, [userId]: outcome.ok ? '' : outcome.error }))
    if (outcome.ok) refresh({ requestPolicy: 'network-only' })
    return outcome.ok
  }

  const members = list.data?.listMembers ?? []
  return (
    <PageSection
      id="members"
      title="Members and roles"
      description="Owners and admins manage members, keys and webhooks; accountants also close periods, years and returns; members work the books; viewers read them and change nothing. A person needs a Daybook account before being added."
      loadError={list.error}
    >
      <AddMemberForm
        organizationId={organizationId}
        choices={choices}
        onAdded={() => refresh({ requestPolicy: 'network-only' })}
      />
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
                    <td>
                      <RoleCell
                        member={member}
                        choices={choices}
                        changeable={member.role !== 'owner' || ownRole === 'owner'}
                        onChange={(role) => changeRole(member.userId, role)}
                      />
                    </td>
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

function AddMemberForm(props: { organizationId: string; choices: readonly string[]; onAdded: () => void }) {
  const client = useClient()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<string>('member')
  const [addError, setAddError] = useState<string | null>(null)

  async function add(event: Event) {
    event.preventDefault()
    setAddError(null)
    const outcome = await mutate(
      client,
      AddMemberDocument,
      { organizationId: props.organizationId, email: email.trim(), role },
      (data) => data.addMember,
    )
    if (!outcome.ok) return setAddError(outcome.error)
    setEmail('')
    props.onAdded()
  }

  return (
    <>
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
            {props.choices.map((each) => (
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
    </>
  )
}

/** The member's role, and for whoever may change it a picker with a button to apply the choice. */
function RoleCell(props: {
  member: Member
  choices: readonly string[]
  changeable: boolean
  onChange: (role: string) => Promise<boolean>
}) {
  const { member } = props
  const [draft, setDraft] = useState(member.role)
  const [busy, setBusy] = useState(false)
  if (!props.changeable) return <>{member.role}</>
  const selectId = `member-role-${member.userId}`
  return (
    <div class="role-cell">
      <label for={selectId} class="visually-hidden">
        Role of {member.email}
      </label>
      <select id={selectId} value={draft} onChange={(event) => setDraft(event.currentTarget.value)}>
        {props.choices.map((each) => (
          <option key={each} value={each}>
            {each}
          </option>
        ))}
      </select>
      {draft !== member.role && (
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true)
            const changed = await props.onChange(draft)
            setBusy(false)
            if (!changed) setDraft(member.role)
          }}
        >
          Change role
        </button>
      )}
    </div>
  )
}
