#!/usr/bin/env node
// CommonJS (bin/package.json says so): Node starts a CommonJS entry ≈7 ms sooner than an ES module.
// `cli --version` (what scripts call to check the install) is answered without loading oclif,
// in the same words oclif would use. The CLI's own commands, the runners, `cli <command> --help` pages
// and the commands of plugins that declare the core's oclif subset run on the fast path (src/fast/run.ts)
// unless it declines; everything else runs the bundled oclif CLI.
const argv = process.argv.slice(2)
// The first words of the CLI's own commands that are not a family's (test/fast-path-bundles.test.ts checks the list):
// these run from dist/fast-path.cjs; every other command line starts on dist/fast-path-resources.cjs, which is that
// bundle without those commands' modules, and moves to the full one where it meets one of them (`cli --profile x auth
// status` starts on the full one too).
const FULL_BUNDLE_WORDS = new Set([
  'api',
  'apply',
  'auth',
  'backup',
  'emails',
  'health',
  'history',
  'import',
  'mcp',
  'period-pack',
  'plan',
  'plugins',
  'profile',
  'reconcile',
  'statics',
  'undo',
])
// A resource command whose verb is not one of these writes: it starts on the lean bundle's cache the build warmed with
// a create's and an update's dry runs too (scripts/code-cache-warm-ups.js), which a read need not deserialise.
const READ_VERBS = new Set(['list', 'show'])
if (argv.length === 1 && argv[0] === '--version') {
  const pjson = require('../package.json')
  process.stdout.write(`${pjson.name}/${pjson.version} ${process.platform}-${process.arch} node-${process.version}\n`)
} else if (argv.length === 0 || (argv.length === 1 && argv[0].startsWith('-'))) {
  // Root help (`cli`, `cli --help`) or a lone flag: the fast path declines these at once (src/fast/run.ts), so its
  // bundle is not read.
  void runOclif()
} else {
  void main()
}

async function main() {
  // `auth status` or `auth:status`.
  const lean = !argv[0].startsWith('-') && !FULL_BUNDLE_WORDS.has(argv[0].split(':')[0])
  // `clients show` or `clients:show`.
  const verb = argv[0].includes(':') ? argv[0].split(':')[1] : argv[1]
  const writes = lean && verb !== undefined && !READ_VERBS.has(verb)
  // The fast path may run a plugin's command: it loads the plugin's module with this file's loader.
  if (!(await runFastFrom(lean ? 'fast-path-resources.cjs' : 'fast-path.cjs', writes ? '.writes.cache' : '.cache')))
    await runOclif()
}

async function runOclif() {
  const {run} = await import('../dist/bundle.js')
  // oclif finds the package from here: the root's package.json, not bin/package.json.
  await run(require('node:url').pathToFileURL(require('node:path').join(__dirname, '..', 'package.json')).href)
}

/** The fast path from this bundle; from the full one where the lean one meets a command it leaves out. */
async function runFastFrom(name, cache) {
  try {
    return await loadFastPath(name, cache).runFast(argv, process.env, loadPluginFile)
  } catch (error) {
    // Thrown when the command's class was read: nothing has been printed or sent.
    if (error?.code !== 'CLI_FAST_PATH_FULL') throw error
    return loadFastPath('fast-path.cjs', '.cache').runFast(argv, process.env, loadPluginFile)
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
 * A fast-path bundle of dist/ with a V8 code cache the build wrote beside it (its name and `cacheSuffix`): compiled
 * code is reused, not compiled again on every run (as packages/core/src/http/code-cache.ts loads got). A rejected
 * cache only costs the compile.
 *
 * Both files go through one buffer, read into in place: the bundle between CommonJS's wrapper (so that V8 gets one
 * flat string, not a concatenation it would copy again), then the cache. Every fresh page of memory costs a fault
 * (≈4 µs here), and a file read the usual way (into its own buffer, decoded, then wrapped) touched three copies of the
 * bundle: ≈230 faults of a show. The bundle is ASCII (scripts/fast-path-bundles.js checks), so latin1 reads it as
 * UTF-8 would.
 */
function loadFastPath(name, cacheSuffix) {
  const {closeSync, fstatSync, openSync, readSync} = require('node:fs')
  // A CommonJS module's constructor is node:module's Module, already loaded: require('node:module') costs ≈0.4 ms.
  const Module = module.constructor
  const {join} = require('node:path')
  const vm = require('node:vm')
  const dir = join(__dirname, '..', 'dist')
  const file = join(dir, name)
  const [head, tail] = Module.wrap('\0').split('\0')
  const open = (path) => {
    const fd = openSync(path, 'r')
    return {fd, size: fstatSync(fd).size}
  }
  const bundle = open(file)
  let cache
  try {
    cache = open(`${file}${cacheSuffix}`)
  } catch {
    // No cache (or an unreadable one): the script is compiled without it.
  }
  const buffer = Buffer.allocUnsafeSlow(Math.max(head.length + bundle.size + tail.length, cache?.size ?? 0))
  const readInto = ({fd, size}, at) => {
    try {
      for (let done = 0; done < size;) {
        const n = readSync(fd, buffer, at + done, size - done, done)
        if (n === 0) throw new Error(`${file}: shorter than its size`)
        done += n
      }
    } finally {
      closeSync(fd)
    }
  }
  buffer.latin1Write(head, 0)
  readInto(bundle, head.length)
  buffer.latin1Write(tail, head.length + bundle.size)
  const source = buffer.latin1Slice(0, head.length + bundle.size + tail.length)
  let cachedData
  if (cache)
    try {
      readInto(cache, 0)
      cachedData = buffer.subarray(0, cache.size)
    } catch {
      // An unreadable cache: compiled without it.
    }
  const script = new vm.Script(source, {filename: file, cachedData})
  const loaded = {exports: {}}
  script.runInThisContext()(loaded.exports, Module.createRequire(file), loaded, file, dir)
  ;(globalThis[Symbol.for('invoicing-cli.loaded-bundles')] ??= []).push(file)
  return loaded.exports
}
