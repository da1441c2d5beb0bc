// The programs and fonts some tests need from the system, each named with the Debian package that
// provides it, so a machine without one fails with what to install instead of a stack trace.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface SystemTool {
  command: string
  versionArgs: string[]
  debianPackage: string
}

export const imageMagick: SystemTool = {
  command: 'convert',
  versionArgs: ['-version'],
  debianPackage: 'imagemagick',
}
export const hledger: SystemTool = {
  command: 'hledger',
  versionArgs: ['--version'],
  debianPackage: 'hledger',
}
/** bean-check, and bean-query beside it. */
export const beancount: SystemTool = {
  command: 'bean-check',
  versionArgs: ['--version'],
  debianPackage: 'beancount',
}

/** Font names as ImageMagick lists them, with the package each comes from. */
const fontPackages: Record<string, string> = {
  'DejaVu-Sans': 'fonts-dejavu-core',
  'DejaVu-Sans-Mono': 'fonts-dejavu-core',
  'DejaVu-Serif': 'fonts-dejavu-core',
  'Nimbus-Mono-PS-Regular': 'fonts-urw-base35',
}

const checked = new Map<string, Promise<void>>()

function once(key: string, check: () => Promise<void>): Promise<void> {
  let pending = checked.get(key)
  if (!pending) {
    pending = check()
    checked.set(key, pending)
  }
  return pending
}

/** Resolves when the program runs; rejects with the package to install when it does not. */
export function requireTool(tool: SystemTool): Promise<void> {
  return once(tool.command, async () => {
    try {
      await run(tool.command, tool.versionArgs)
    } catch {
      throw new Error(
        `This test needs \`${tool.command}\`, which is not installed: apt-get install ${tool.debianPackage}`,
      )
    }
  })
}

/** Resolves when ImageMagick knows every font; rejects naming the packages that provide the missing ones. */
export function requireImageMagickFonts(fonts: readonly string[]): Promise<void> {
  return once(`fonts:${[...fonts].sort().join(',')}`, async () => {
    await requireTool(imageMagick)
    const { stdout } = await run(imageMagick.command, ['-list', 'font'], { maxBuffer: 16 * 1024 * 1024 })
    const known = new Set([...stdout.matchAll(/^\s*Font:\s*(\S+)\s*$/gm)].map((match) => match[1]))
    const missing = fonts.filter((font) => !known.has(font))
    if (missing.length === 0) return
    const packages = [...new Set(missing.map((font) => fontPackages[font] ?? 'the package that provides it'))]
    throw new Error(
      `This test renders with the font(s) ${missing.join(', ')}, which ImageMagick does not find: apt-get install ${packages.join(' ')}`,
    )
  })
}
