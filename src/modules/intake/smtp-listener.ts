import { SMTPServer } from 'smtp-server'
import { parseEmailMessage } from './email-message.js'
import type { IntakeService } from './intake-service.js'

const messageBytesMax = 30 * 1024 * 1024

/**
 * Receives receipts by mail. Recipients that are no active intake address are refused at RCPT
 * time; a message is acknowledged (250) only after its receipts are committed, so the sending
 * server keeps and retries anything Daybook did not store.
 */
export async function startSmtpListener(options: {
  port: number
  host: string
  intake: IntakeService
  onError: (error: unknown) => void
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    name: 'daybook',
    banner: 'Daybook receipt intake',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: messageBytesMax,
    logger: false,
    onRcptTo(address, _session, callback) {
      options.intake
        .route('email', [address.address])
        .then((found) =>
          found
            ? callback()
            : callback(Object.assign(new Error('No such intake address here'), { responseCode: 550 })),
        )
        .catch((error: unknown) => {
          options.onError(error)
          callback(Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 }))
        })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }))
          return
        }
        const recipients = session.envelope.rcptTo.map((r) => r.address)
        parseEmailMessage(Buffer.concat(chunks), recipients)
          .then((message) => options.intake.receive({ ...message, recipients }))
          .then(() => callback())
          .catch((error: unknown) => {
            options.onError(error)
            callback(Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 }))
          })
      })
    },
  })
  server.on('error', options.onError)
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve))
  const address = server.server.address()
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
