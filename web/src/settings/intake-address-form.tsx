import { useState } from 'preact/hooks'
import { ErrorText } from '../components/error-text'

export interface NewIntakeAddress {
  addressType: string
  address: string
  label: string | null
}

/** A new address receipts are sent to: its kind, the address itself and a label for people. */
export function IntakeAddressForm(props: {
  /** Answers the API's refusal in words, or null once the address is added. */
  onCreate: (address: NewIntakeAddress) => Promise<string | null>
}) {
  const [addressType, setAddressType] = useState('email')
  const [address, setAddress] = useState('')
  const [label, setLabel] = useState('')
  const [createError, setCreateError] = useState<string | null>(null)

  async function create(event: Event) {
    event.preventDefault()
    setCreateError(null)
    const error = await props.onCreate({ addressType, address: address.trim(), label: label.trim() || null })
    if (error !== null) return setCreateError(error)
    setAddress('')
    setLabel('')
  }

  return (
    <>
      <form class="inline-form" onSubmit={create}>
        <div class="field">
          <label for="intake-type">Kind</label>
          <select
            id="intake-type"
            value={addressType}
            onChange={(event) => setAddressType(event.currentTarget.value)}
          >
            <option value="email">Email</option>
            <option value="sms">Text message (SMS)</option>
          </select>
        </div>
        <div class="field">
          <label for="intake-address">{addressType === 'email' ? 'Email address' : 'Phone number'}</label>
          <input
            id="intake-address"
            type="text"
            required
            value={address}
            onInput={(event) => setAddress(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="intake-label">Label (optional)</label>
          <input
            id="intake-label"
            type="text"
            value={label}
            onInput={(event) => setLabel(event.currentTarget.value)}
          />
        </div>
        <button type="submit" class="primary">
          Add address
        </button>
      </form>
      {createError && <ErrorText>{createError}</ErrorText>}
    </>
  )
}
