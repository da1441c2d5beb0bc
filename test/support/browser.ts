import { existsSync } from 'node:fs'
import path from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { webAppDirectory } from '../../src/http/app-route.js'

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
