/**
 * `cli <command> --help` from the page the build wrote with oclif's own help (scripts/help-pages.js), when
 * oclif would print exactly that page: stdout is not a terminal (a terminal's width changes the text), no
 * colours are forced, no OCLIF_COLUMNS, and no user plugin brings commands (oclif would list those under a
 * command of theirs). test/fast-path-help.test.ts compares the pages with oclif's help.
 */
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import {stdoutFacts, writeFilesDirectly, writeOut} from '@invoicing-cli/core/internal'

/**
 * Prints the command's help page and returns true, or returns false (having printed nothing). To a file or /dev/null
 * it is written without creating process.stdout, and read with node:fs: neither loads node:stream (nor fs/promises,
 * which loads readline), ≈3 ms of a `--help` (core output/std-streams.ts).
 */
export async function printHelpPage(id: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  if (env.FORCE_COLOR !== undefined || env.OCLIF_COLUMNS !== undefined) return false
  writeFilesDirectly()
  if (stdoutFacts().isTTY) return false
  let page: string
  try {
    page = readFileSync(fileURLToPath(new URL(`help/${id.replaceAll(':', '.')}.txt`, import.meta.url)), 'utf8')
  } catch {
    return false
  }
  await writeOut(page)
  return true
}
