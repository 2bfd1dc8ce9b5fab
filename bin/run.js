#!/usr/bin/env node
// CommonJS (bin/package.json says so): Node starts a CommonJS entry ≈7 ms sooner than an ES module.
// `cli --version` (what scripts call to check the install) is answered without loading oclif,
// in the same words oclif would use. The CLI's own commands, the runners, `cli <command> --help` pages
// and the commands of plugins that declare the core's oclif subset run on the fast path (src/fast/run.ts)
// unless it declines; everything else runs the bundled oclif CLI.
const argv = process.argv.slice(2)
if (argv.length === 1 && argv[0] === '--version') {
  const pjson = require('../package.json')
  process.stdout.write(`${pjson.name}/${pjson.version} ${process.platform}-${process.arch} node-${process.version}\n`)
} else {
  void main()
}

async function main() {
  const {runFast} = loadFastPath()
  // The fast path may run a plugin's command: it loads the plugin's module with this file's loader.
  if (!(await runFast(argv, process.env, loadPluginFile))) {
    const {run} = await import('../dist/bundle.js')
    // oclif finds the package from here: the root's package.json, not bin/package.json.
    await run(require('node:url').pathToFileURL(require('node:path').join(__dirname, '..', 'package.json')).href)
  }
}

/**
 * A plugin's command file: require()d where Node can require an ES module without top-level await (the core's entry
 * has none there: its `module-sync` form), which spares the ES module loader's start (≈5 ms); else import()ed.
 */
async function loadPluginFile(file) {
  if (process.features.require_module)
    try {
      return require(file)
    } catch (error) {
      if (error.code !== 'ERR_REQUIRE_ASYNC_MODULE') throw error
    }
  return import(require('node:url').pathToFileURL(file).href)
}

/**
 * dist/fast-path.cjs with the V8 code cache the build wrote beside it: compiled code is reused, not
 * compiled again on every run (as packages/core/src/http/code-cache.ts loads got). A rejected cache only
 * costs the compile.
 */
function loadFastPath() {
  const {readFileSync} = require('node:fs')
  // A CommonJS module's constructor is node:module's Module, already loaded: require('node:module') costs ≈0.4 ms.
  const Module = module.constructor
  const {join} = require('node:path')
  const vm = require('node:vm')
  const dir = join(__dirname, '..', 'dist')
  const file = join(dir, 'fast-path.cjs')
  let cachedData
  try {
    cachedData = readFileSync(`${file}.cache`)
  } catch {
    // No cache (or an unreadable one): the script is compiled without it.
  }
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {filename: file, cachedData})
  const loaded = {exports: {}}
  script.runInThisContext()(loaded.exports, Module.createRequire(file), loaded, file, dir)
  ;(globalThis[Symbol.for('invoicing-cli.loaded-bundles')] ??= []).push(file)
  return loaded.exports
}
