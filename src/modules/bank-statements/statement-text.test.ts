// Statement files decode as their banks wrote them, and binary or mis-declared files are refused.

import { describe, expect, it } from 'vitest'
import { accepted, bankFile } from '../../../test/support/bank-files.js'
import { statementText } from './statement-text.js'

const fixture = bankFile
const textOf = (bytes: Uint8Array) => accepted(statementText(bytes))

describe('statementText', () => {
  it('reads UTF-8 as UTF-8, Lithuanian letters included', () => {
    const decoded = textOf(fixture('ofxstatement-iso20022_camt053_v02_EUR_simple.xml'))
    expect(decoded.encoding).toBe('UTF-8')
    expect(decoded.text).toMatch(/[ąčęėįšųūž]/i)
  })

  it('reads a QFX that is not UTF-8 in the charset its header declares', () => {
    const decoded = textOf(fixture('actual_8859-1_CAD_fr.qfx'))
    expect(decoded.encoding).toBe('ISO-8859-1')
    expect(decoded.text).toContain('prépayée')
  })

  it('falls back to windows-1252 when nothing is declared', () => {
    const decoded = textOf(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35, 0x0a]))
    expect(decoded).toEqual({ text: 'Café €5\n', encoding: 'windows-1252' })
  })

  it('takes a byte-order mark at its word, UTF-16 included', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Date,Amount\n', 'utf16le')])
    expect(textOf(utf16)).toEqual({ text: 'Date,Amount\n', encoding: 'UTF-16LE' })
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('é')])
    expect(textOf(utf8)).toEqual({ text: 'é', encoding: 'UTF-8' })
  })

  it('drops the Ctrl-Z an old DOS export ends with', () => {
    expect(textOf(Buffer.from('!Type:Bank\n^\n\u001a')).text).toBe('!Type:Bank\n^\n')
  })

  it('refuses binary files, empty files and charsets it cannot read, naming why', () => {
    const refusal = (bytes: Uint8Array) => {
      const decoded = statementText(bytes)
      return decoded.ok ? 'accepted' : `${decoded.error.code}: ${decoded.error.message}`
    }
    expect(refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toMatch(
      /^INVALID_BANK_FILE: The file is not a text file: it holds a control character on line 2\.$/,
    )
    expect(refusal(new Uint8Array())).toBe('INVALID_BANK_FILE: The file is empty.')
    expect(refusal(Buffer.from('OFXHEADER:100\nCHARSET:EBCDIC\n\n<OFX>\u00ff', 'latin1'))).toBe(
      'INVALID_BANK_FILE: The file declares the charset EBCDIC, which Daybook does not read.',
    )
    expect(refusal(Buffer.from([0xfe, 0xff, 0xd8, 0x00]))).toMatch(/starts as UTF-16BE but is not valid/)
  })
})
