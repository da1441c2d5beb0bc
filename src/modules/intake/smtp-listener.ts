import { PassThrough } from 'node:stream'
import {
  SMTPServer,
  type SMTPServerDataStream,
  type SMTPServerOptions,
  type SMTPServerSession,
} from 'smtp-server'
import { limits } from '../../kernel/limits.js'
import { parseEmailMessage } from './email-message.js'
import type { IntakeService } from './intake-service.js'

export interface SmtpListenerSettings {
  port: number
  host: string
  connectionsMax: number
  /** Silence after which a client that owes us input is dropped. */
  idleTimeoutMs: number
  /** How long one message's DATA may take from the first byte to the final dot. */
  messageTimeoutMs: number
}

type SmtpListenerOptions = SmtpListenerSettings & { intake: IntakeService; onError: (error: unknown) => void }

type SmtpCallback = (error?: Error | null) => void

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode })

/**
 * Receives receipts by mail. Recipients that are no active intake address are refused at RCPT
 * time; a message is acknowledged (250) only after its receipts are committed, so the sending
 * server keeps and retries anything Daybook did not store. Every resource a client can claim is
 * bounded (ADR 0016): connections, messages per connection, bytes per message (refused at MAIL
 * FROM when SIZE declares too many, cut off while streaming otherwise), MIME parts, idle time
 * and the time one message may take.
 */
export async function startSmtpListener(
  options: SmtpListenerOptions,
): Promise<{ port: number; close(): Promise<void> }> {
  const messageBytesMax = limits.intakeMessageBytesMax
  const server: SMTPServer = new SMTPServer({
    ...boundedServerOptions(options, messageBytesMax),
    onMailFrom(_address, session, callback) {
      limitMessagesPerConnection(session, callback)
    },
    onRcptTo(address, _session, callback) {
      routeRecipient(options, address.address, callback)
    },
    onData(stream, session, callback) {
      receiveMessage(options, messageBytesMax, stream, session, callback, (code, text) =>
        dropConnection(server, session, code, text),
      )
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

/** The server's own bounds: connections, idle time, and the message size it advertises. */
function boundedServerOptions(settings: SmtpListenerSettings, messageBytesMax: number): SMTPServerOptions {
  return {
    name: 'daybook',
    banner: 'Daybook receipt intake',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    // Advertised in EHLO, so a sender that declares SIZE is refused at MAIL FROM (552).
    size: messageBytesMax,
    maxClients: settings.connectionsMax,
    socketTimeout: settings.idleTimeoutMs,
    closeTimeout: Math.min(settings.idleTimeoutMs, limits.smtpCloseTimeoutMsMax),
    logger: false,
  }
}

function limitMessagesPerConnection(session: SMTPServerSession, callback: SmtpCallback): void {
  if (session.transaction > limits.smtpMessagesPerConnectionMax) {
    // 421 closes the connection; the sender reconnects for the rest.
    callback(
      smtpError(
        421,
        `A connection may carry at most ${limits.smtpMessagesPerConnectionMax} messages; reconnect to send more`,
      ),
    )
    return
  }
  callback()
}

function routeRecipient(options: SmtpListenerOptions, recipient: string, callback: SmtpCallback): void {
  options.intake
    .route('email', [recipient])
    .then((found) => (found ? callback() : callback(smtpError(550, 'No such intake address here'))))
    .catch((error: unknown) => {
      options.onError(error)
      callback(smtpError(451, 'Temporary failure, try again later'))
    })
}

/** Answers once and hangs up without reading another byte of what the client still sends. */
function dropConnection(server: SMTPServer, session: SMTPServerSession, code: number, text: string): void {
  for (const connection of server.connections) {
    if (connection.session !== session) continue
    const socket = connection._socket
    connection.send(code, text)
    connection.close()
    if (socket.writableFinished) socket.destroy()
    else socket.once('finish', () => socket.destroy())
  }
}

/**
 * Streams one message's DATA into the parser within the message's byte and time bounds, then
 * hands what it read to intake; `hangUp` drops a client that oversteps them.
 */
function receiveMessage(
  options: SmtpListenerOptions,
  messageBytesMax: number,
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
  callback: SmtpCallback,
  hangUp: (code: number, text: string) => void,
): void {
  const recipients = session.envelope.rcptTo.map((r) => r.address)
  // The parser reads the message as it arrives, so nothing holds the raw message twice.
  const body = new PassThrough()
  let receivedBytes = 0
  let parsing = true
  let dropped = false
  const drop = (code: number, text: string) => {
    if (dropped) return
    dropped = true
    clearTimeout(deadline)
    body.destroy()
    hangUp(code, text)
  }
  const deadline = setTimeout(
    () => drop(421, 'The message took too long to arrive; closing the connection'),
    options.messageTimeoutMs,
  )
  deadline.unref()

  const parsed = parseEmailMessage(body, recipients).finally(() => {
    // A parser that gave up reads nothing more; the rest of the message is drained unread.
    parsing = false
    stream.resume()
  })
  stream.on('error', () => drop(421, 'The connection failed'))
  stream.on('data', (chunk: Buffer) => {
    if (dropped) return
    receivedBytes += chunk.length
    if (receivedBytes > messageBytesMax) {
      drop(552, `The message is larger than ${messageBytesMax} bytes; closing the connection`)
      return
    }
    if (parsing && !body.write(chunk)) {
      stream.pause()
      body.once('drain', () => stream.resume())
    }
  })
  stream.on('end', () => {
    clearTimeout(deadline)
    if (dropped) return
    body.end()
    deliverMessage(options, parsed, recipients, callback)
  })
}

/** Acknowledges the message only once intake has committed its receipts, or says why not. */
function deliverMessage(
  options: SmtpListenerOptions,
  parsed: ReturnType<typeof parseEmailMessage>,
  recipients: string[],
  callback: SmtpCallback,
): void {
  parsed
    .then(async (result) => {
      if (!result.ok) {
        const code = result.error.code === 'TOO_MANY_PARTS' ? 552 : 554
        callback(smtpError(code, result.error.message))
        return
      }
      const received = await options.intake.receive({ ...result.value, recipients })
      if (!received.ok) {
        // 450: a temporary refusal, so the sending server keeps the message and tries later.
        callback(smtpError(received.error.code === 'RATE_LIMITED' ? 450 : 550, received.error.message))
        return
      }
      callback()
    })
    .catch((error: unknown) => {
      options.onError(error)
      callback(smtpError(451, 'Temporary failure, try again later'))
    })
}
