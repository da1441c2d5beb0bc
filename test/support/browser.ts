import { existsSync } from 'node:fs'
import path from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { webAppDirectory } from '../../src/http/app-route.js'
import { type StartOptions, startServer, type TestServer } from './server.js'

// The browser tests drive Debian's Chromium: playwright-core never downloads a browser of its own,
// so the tests run offline on what the machine's package manager installed.
const chromiumPath = '/usr/bin/chromium'

/** Headless Chromium; the tests run as root, where Chromium's sandbox cannot start. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}: install the Debian package chromium (apt-get install chromium) to run the browser tests.`,
    )
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // Without the network switches Chromium reaches out to Google's services at every start, and
    // a closed network refuses it many times over.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** The browser tests load the built web app; without a build they would only see its 503. */
export function assertWebAppBuilt(): void {
  if (!existsSync(path.join(webAppDirectory, 'index.html'))) {
    throw new Error(
      `The web app is not built (${webAppDirectory} has no index.html): run npm run build first.`,
    )
  }
}

export const desktopViewport = { width: 1280, height: 800 }
export const phoneViewport = { width: 390, height: 844 }

/**
 * A page in a context of its own (nothing shared with other pages), whose waits give up after
 * 10 seconds: a missing element then fails with what was awaited, well inside the test's time.
 */
export async function openPage(browser: Browser, viewport = desktopViewport): Promise<Page> {
  const context = await browser.newContext({ viewport })
  context.setDefaultTimeout(10_000)
  return context.newPage()
}

export interface BrowserTestBed {
  readonly server: TestServer
  readonly browser: Browser
}

/**
 * A server and Chromium for one test file, started before its tests and closed after them. Read
 * them through the returned object: they exist only once the file's first hook has run.
 */
export function browserTestBed(options: { server?: StartOptions; webApp?: boolean } = {}): BrowserTestBed {
  let server: TestServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    if (options.webApp !== false) assertWebAppBuilt()
    ;[server, browser] = await Promise.all([startServer(options.server), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the ${name} is read before the file's beforeAll started it`)
    return value
  }
  return {
    get server() {
      return started(server, 'server')
    },
    get browser() {
      return started(browser, 'browser')
    },
  }
}
