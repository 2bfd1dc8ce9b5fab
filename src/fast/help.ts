/**
 * `cli <command> --help` and a topic's help from the page the build wrote with oclif's own help
 * (scripts/help-pages.js), when oclif would print exactly that page: stdout is not a terminal (a terminal's width
 * changes the text), no colours are forced, no OCLIF_COLUMNS, and no user plugin brings commands (oclif would list
 * those under a command or topic of theirs). test/fast-path-help.test.ts compares the pages with oclif's help.
 */
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import {stdoutFacts, writeFilesDirectly, writeOut} from '@invoicing-cli/core/internal'

/** A word of a command's or topic's id: nothing else names a page (a file of dist/help). */
const WORD = /^[a-z][a-z0-9-]*$/

/**
 * The page a command line asks for that is not `<command> --help`: a topic named alone (`invoices`), a topic and
 * --help, or `help` and a command's or topic's words, as oclif's help would print it. `help` alone is root help, whose
 * page names the Node version that runs it: never written. Undefined for anything else.
 */
export function helpPageAsked(argv: readonly string[]): string | undefined {
  const words =
    argv[0] === 'help'
      ? argv.slice(1)
      : argv.length === 1 || (argv.length === 2 && argv[1] === '--help')
        ? argv.slice(0, 1)
        : []
  const id = words.join(':')
  return words.length > 0 && words.every((w) => WORD.test(w)) && id !== 'help' ? id : undefined
}

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
