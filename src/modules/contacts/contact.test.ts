// A contact is valid exactly when its type, name, e-mail and phone keep their rules, and is stored as given.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { limits } from '../../kernel/limits.js'
import { contactTypes, validateContact } from './contact.js'

const vendor = { contactType: 'vendor', displayName: 'Acme Supplies' }
const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error?.code)

describe('validateContact', () => {
  it.each(contactTypes)('accepts a %s with only a name, blank e-mail and phone', (contactType) => {
    expect(validateContact({ contactType, displayName: 'Acme' })).toEqual({
      ok: true,
      value: { contactType, displayName: 'Acme', email: '', phone: '', businessNumber: null },
    })
  })

  it('refuses any other contact type, whatever its case', () => {
    for (const contactType of ['Vendor', 'CUSTOMER', 'supplier', 'employee', '', 'vendor ']) {
      expect(validateContact({ ...vendor, contactType })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_CONTACT_TYPE', field: 'contactType' },
      })
    }
  })

  it('bounds the display name by the shared name limit and keeps it as written', () => {
    const longest = 'n'.repeat(limits.nameLengthMax)
    expect(validateContact({ ...vendor, displayName: longest })).toMatchObject({
      ok: true,
      value: { displayName: longest },
    })
    expect(validateContact({ ...vendor, displayName: ' Acme  ' })).toMatchObject({
      value: { displayName: ' Acme  ' },
    })
    for (const displayName of ['', ' ', '\t\n', `${longest}n`, 'Ac\u0000me']) {
      expect(validateContact({ ...vendor, displayName })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_NAME', field: 'displayName' },
      })
    }
  })

  it('treats a missing or empty e-mail as none, and keeps a valid one as given', () => {
    for (const email of [undefined, null, '']) {
      expect(validateContact({ ...vendor, email })).toMatchObject({ ok: true, value: { email: '' } })
    }
    expect(validateContact({ ...vendor, email: 'Billing@Acme.example' })).toMatchObject({
      value: { email: 'Billing@Acme.example' },
    })
  })

  it('refuses e-mail addresses that are malformed, too long or carry NUL', () => {
    const domain = '@acme.example'
    const longest = `${'x'.repeat(limits.emailLengthMax - domain.length)}${domain}`
    expect(codeOf(validateContact({ ...vendor, email: longest }))).toBe('ok')
    for (const email of [
      `x${longest}`,
      'billing',
      'billing@acme',
      '@acme.example',
      'a b@acme.example',
      'a@b@c.de',
      'a\u0000@acme.example',
    ]) {
      expect(validateContact({ ...vendor, email })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_EMAIL', field: 'email' },
      })
    }
  })

  it('keeps any phone up to the limit exactly as written, without NUL', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: limits.phoneLengthMax + 10 }), (phone) => {
        const fits = phone.length <= limits.phoneLengthMax && !phone.includes('\u0000')
        const result = validateContact({ ...vendor, phone })
        if (fits) expect(result).toMatchObject({ ok: true, value: { phone } })
        else expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_PHONE', field: 'phone' } })
      }),
    )
    expect(codeOf(validateContact({ ...vendor, phone: '1'.repeat(limits.phoneLengthMax) }))).toBe('ok')
    expect(codeOf(validateContact({ ...vendor, phone: '1'.repeat(limits.phoneLengthMax + 1) }))).toBe(
      'INVALID_PHONE',
    )
  })

  it('reports the type before the name, and the name before the e-mail and phone', () => {
    const bad = {
      contactType: 'x',
      displayName: '',
      email: 'bad',
      phone: 'p'.repeat(limits.phoneLengthMax + 1),
    }
    expect(codeOf(validateContact(bad))).toBe('INVALID_CONTACT_TYPE')
    expect(codeOf(validateContact({ ...bad, contactType: 'vendor' }))).toBe('INVALID_NAME')
    expect(codeOf(validateContact({ ...bad, contactType: 'vendor', displayName: 'A' }))).toBe('INVALID_EMAIL')
  })
})
