/**
 * Loads a CommonJS bundle the build made (got's: scripts/bundle.js) with V8's code cache beside
 * it (`<file>.cache`, written by the build): the compiled code is reused instead of compiled
 * again on every run (≈13 ms of a request's startup with the ESM bundle it replaces). A cache
 * that V8 rejects (another Node version) only costs the compile; a missing bundle (tests run
 * from source) is undefined, and the caller imports the package instead. bin/run.js loads the
 * fast path the same way, with its own few lines: importing this ES module would cost the very
 * module-loader start it saves.
 */
import {existsSync, readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname} from 'node:path'
import {fileURLToPath} from 'node:url'
import vm from 'node:vm'

/** Bundles loaded this way, in order: tests read it to see what a command loaded (test/fixtures/module-log). */
const LOADED = Symbol.for('invoicing-cli.loaded-bundles')

export function loadBundle(url: URL): unknown {
  const file = fileURLToPath(url)
  if (!existsSync(file)) return undefined
  let cachedData: Buffer | undefined
  try {
    cachedData = readFileSync(`${file}.cache`)
  } catch {
    cachedData = undefined
  }
  const require = createRequire(file)
  // CommonJS's wrapper, as Node's loader adds it: node:module is loaded here, not at every start (scripts/bundle.js).
  const {wrap} = require('node:module') as {wrap(code: string): string}
  const script = new vm.Script(wrap(readFileSync(file, 'utf8')), {filename: file, cachedData})
  const module = {exports: {} as unknown}
  script.runInThisContext()(module.exports, require, module, file, dirname(file))
  const loaded = ((globalThis as Record<symbol, string[]>)[LOADED] ??= [])
  loaded.push(file)
  return module.exports
}
