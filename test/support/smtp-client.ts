import { connect, type Socket } from 'node:net'

// A bare SMTP client over a raw socket, so a test controls every byte and pause: declared sizes,
// streams that never end, senders that stall. Replies are read in order; a closed connection
// answers every pending read with code 0.

export interface SmtpReply {
  code: number
  text: string
}

export class SmtpClient {
  private buffered = ''
  private readonly replies: SmtpReply[] = []
  private readonly waiting: Array<(reply: SmtpReply) => void> = []
  private lines: string[] = []
  /** Resolves when the server has closed the connection (or it failed), with the time it happened. */
  readonly closed: Promise<number>

  private constructor(readonly socket: Socket) {
    socket.setEncoding('latin1')
    socket.on('data', (text: string) => this.receive(text))
    this.closed = new Promise((resolve) => {
      const done = () => {
        for (const deliver of this.waiting.splice(0)) deliver({ code: 0, text: 'connection closed' })
        resolve(performance.now())
      }
      socket.once('close', done)
      socket.on('error', () => socket.destroy())
    })
  }

  static async open(port: number): Promise<SmtpClient> {
    const socket = connect({ host: '127.0.0.1', port })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('error', reject)
    })
    return new SmtpClient(socket)
  }

  get isClosed(): boolean {
    return this.socket.destroyed || this.socket.readyState === 'closed'
  }

  /** The next complete reply (a multi-line one joined with newlines). */
  reply(): Promise<SmtpReply> {
    const ready = this.replies.shift()
    if (ready) return Promise.resolve(ready)
    if (this.isClosed) return Promise.resolve({ code: 0, text: 'connection closed' })
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  async command(line: string): Promise<SmtpReply> {
    this.socket.write(`${line}\r\n`)
    return this.reply()
  }

  /** Greeting, EHLO, MAIL FROM, RCPT TO and DATA; the answer to DATA is returned. */
  async startMessage(recipient: string, mailFromParameters = ''): Promise<SmtpReply> {
    for (const line of ['EHLO client.example.com', `MAIL FROM:<shop@example.com>${mailFromParameters}`]) {
      const answer = await this.command(line)
      if (answer.code !== 250) return answer
    }
    const rcpt = await this.command(`RCPT TO:<${recipient}>`)
    if (rcpt.code !== 250) return rcpt
    return this.command('DATA')
  }

  /** Sends a whole message after DATA was accepted and returns the answer to it. */
  async finishMessage(message: string | Buffer): Promise<SmtpReply> {
    const text = Buffer.isBuffer(message) ? message.toString('latin1') : message
    const stuffed = text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')
    this.socket.write(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.\r\n`, 'latin1')
    return this.reply()
  }

  /** Writes chunks with backpressure until they run out or the server hangs up; returns the bytes written. */
  async stream(chunks: Iterable<Buffer>): Promise<number> {
    let written = 0
    for (const chunk of chunks) {
      if (this.isClosed || this.socket.writableEnded) break
      written += chunk.length
      if (!this.socket.write(chunk)) {
        const drained = await Promise.race([
          new Promise<boolean>((resolve) => this.socket.once('drain', () => resolve(true))),
          this.closed.then(() => false),
        ])
        if (!drained) break
      }
    }
    return written
  }

  close(): void {
    this.socket.destroy()
  }

  private receive(text: string): void {
    this.buffered += text
    let newline = this.buffered.indexOf('\r\n')
    while (newline >= 0) {
      const line = this.buffered.slice(0, newline)
      this.buffered = this.buffered.slice(newline + 2)
      this.lines.push(line)
      if (/^\d{3}(?: |$)/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), text: this.lines.map((l) => l.slice(4)).join('\n') }
        this.lines = []
        const deliver = this.waiting.shift()
        if (deliver) deliver(reply)
        else this.replies.push(reply)
      }
      newline = this.buffered.indexOf('\r\n')
    }
  }
}
