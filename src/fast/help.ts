/**
 * `cli <command> --help` from the page the build wrote with oclif's own help (scripts/help-pages.js), when
 * oclif would print exactly that page: stdout is not a terminal (a terminal's width changes the text), no
 * colours are forced, no OCLIF_COLUMNS, and no user plugin brings commands (oclif would list those under a
 * command of theirs). test/fast-path-help.test.ts compares the pages with oclif's help.
 */
import {readFile} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'

/** Prints the command's help page and returns true, or returns false (having printed nothing). */
export async function printHelpPage(id: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  if (process.stdout.isTTY || env.FORCE_COLOR !== undefined || env.OCLIF_COLUMNS !== undefined) return false
  let page: string
  try {
    page = await readFile(fileURLToPath(new URL(`help/${id.replaceAll(':', '.')}.txt`, import.meta.url)), 'utf8')
  } catch {
    return false
  }
  await new Promise<void>((resolve) => process.stdout.write(page, () => resolve()))
  return true
}
