// The fast path's bundles (src/fast/run.ts says when it runs), built by scripts/bundle.js:
//  - dist/fast-path.cjs: the CLI's and the runners' commands with src/fast/oclif-lite.js standing in for @oclif/core;
//  - dist/fast-path-resources.cjs: the same without the CLI's other commands (api, apply, backup, mcp, auth, ...),
//    whose modules bin/run.js never needs for a resource command (`cli clients show X`): 126 KB less to read,
//    compile-check and run (≈2.7% of a show's instructions). Reading one of them from it throws CLI_FAST_PATH_FULL
//    before anything is printed or sent, and bin/run.js runs the command line again on dist/fast-path.cjs (which
//    of them a command line starts on is bin/run.js's FULL_BUNDLE_WORDS: test/fast-path-bundles.test.ts checks it).
// The core package is free of side effects at load, so only what those commands use is kept. CommonJS, so bin/run.js
// loads each with the V8 code cache written beside it, as got's (http/code-cache.ts).
import {readFileSync} from 'node:fs'

import {build} from 'esbuild'

import {takesArgs} from '../dist/fast/plugins.js'

/** The error the lean bundle throws where a command needs the full one (bin/run.js reads its code). */
const FULL = "Object.assign(new Error('this command runs from dist/fast-path.cjs'), {code: 'CLI_FAST_PATH_FULL'})"

export async function buildFastPaths({root, common, external, writeCodeCache}) {
  const pjson = JSON.parse(readFileSync(`${root}package.json`, 'utf8'))
  // The CLI's own hooks, which the fast path skips: each does nothing for the commands it runs (swapRunners acts
  // only with user plugins, which plugins.ts reads; addExamples only on help; the completion hooks only around
  // autocomplete; unknownFlags only for commands without the base command's parser; pluginCore only for a user
  // plugin's command, and the fast path says its warning itself; provideCore only around plugins install). A new one
  // needs that decision.
  const SKIPPED_HOOKS =
    'addExamples,commandNotFound,completionPostrun,completionPrerun,pluginCore,provideCore,swapRunners,unknownFlags'
  const rootHooks = Object.values(pjson.oclif.hooks).flatMap((h) => [h].flat().map((x) => x.identifier))
  if (rootHooks.sort().join() !== SKIPPED_HOOKS)
    throw new Error(
      `package.json oclif.hooks changed (${rootHooks}): say in scripts/fast-path-bundles.js whether the fast path ` +
        'may skip them',
    )
  // The bundled plugins the fast path does not run: their command ids (and whether each takes arguments, which
  // oclif's reading of a command line asks), and no hook of theirs may run around a command.
  const FAST_PLUGINS = new Set(['@invoicing-cli/plugin-runners'])
  const otherCommands = {}
  for (const name of pjson.oclif.plugins.filter((p) => !FAST_PLUGINS.has(p))) {
    const dir = `${root}node_modules/${name}`
    const plugin = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'))
    const around = Object.keys(plugin.oclif.hooks ?? {}).filter((e) => !e.startsWith('plugins:') && e !== 'update')
    if (around.length > 0) throw new Error(`${name} has hooks the fast path would skip: ${around}`)
    for (const [id, c] of Object.entries(JSON.parse(readFileSync(`${dir}/oclif.manifest.json`, 'utf8')).commands))
      otherCommands[id] = takesArgs(c)
  }
  // The CLI's own command that runs on oclif only (src/help-command.ts): its words are the command it shows.
  otherCommands.help = true
  // Node modules the fast path's commands import but most runs never call (fs/promises, for one, loads readline, the
  // file watchers and the streams: ≈1.5 ms; a first require of node:module builds its ES module facade and loads the ES
  // module loader: ≈0.4 ms): each function is a stand-in that requires the module on its first call. Only functions:
  // importing anything else from these (a class, a constant) fails the build (no such export).
  const LAZY_BUILTINS = /^node:(fs\/promises|timers\/promises|os|url|module)$/
  const lazyBuiltins = {
    name: 'lazy-builtins',
    setup(b) {
      // The stand-in's own require() of the module stays a require().
      b.onResolve({filter: LAZY_BUILTINS}, ({path, namespace}) =>
        namespace === 'lazy-builtin' ? {path, external: true} : {path, namespace: 'lazy-builtin'},
      )
      b.onLoad({filter: /.*/, namespace: 'lazy-builtin'}, async ({path}) => {
        const real = await import(path)
        // Functions, not classes (a stand-in has none of a class's statics: `Module.wrap`).
        const names = Object.keys(real).filter(
          (n) => n !== 'default' && typeof real[n] === 'function' && /^[a-z]/.test(n),
        )
        return {
          loader: 'js',
          contents:
            `let m; const load = () => (m ??= require(${JSON.stringify(path)}));\n` +
            names.map((n) => `export function ${n}(...args) { return load().${n}(...args) }\n`).join(''),
        }
      })
    },
  }
  const options = {
    ...common,
    plugins: [...common.plugins, lazyBuiltins],
    format: 'cjs',
    // import.meta.url, worked out when read (≈0.3 ms).
    banner: {
      js:
        "let import_meta_url; const import_meta = {get url() { return (import_meta_url ??= require('node:url')" +
        '.pathToFileURL(__filename).href) } };',
    },
    entryPoints: [`${root}dist/fast/run.js`],
    absWorkingDir: root,
    alias: {'@oclif/core': './dist/fast/oclif-lite.js'},
    define: {
      CLI_VERSION: JSON.stringify(pjson.version),
      CORE_VERSION: JSON.stringify(JSON.parse(readFileSync(`${root}packages/core/package.json`, 'utf8')).version),
      OTHER_COMMANDS: JSON.stringify(otherCommands),
      'import.meta.url': 'import_meta.url',
    },
    // import() becomes require(): a script run by node:vm has no
    // module loader of its own (every lazy dependency is CommonJS).
    supported: {'dynamic-import': false},
    external,
    minify: true,
    legalComments: 'linked',
  }
  // The lean one: every module src/commands.ts require()s (the non-resource commands) is a stub that throws.
  const commandsFile = `${root}dist/commands.js`
  const fullOnly = {
    name: 'full-only',
    setup(b) {
      b.onResolve({filter: /.*/}, ({kind, importer, path}) =>
        kind === 'require-call' && importer === commandsFile ? {path, namespace: 'full-only'} : undefined,
      )
      b.onLoad({filter: /.*/, namespace: 'full-only'}, () => ({loader: 'js', contents: `throw ${FULL}`}))
    },
  }
  const bundles = {
    'fast-path.cjs': options,
    'fast-path-resources.cjs': {...options, plugins: [...options.plugins, fullOnly]},
  }
  for (const [name, bundle] of Object.entries(bundles)) {
    const outfile = `${root}dist/${name}`
    await build({...bundle, outfile})
    // bin/run.js reads a bundle as latin1, which is UTF-8 only for ASCII (esbuild escapes the rest by default).
    if (readFileSync(outfile).some((byte) => byte > 0x7f))
      throw new Error(`dist/${name} is not ASCII: bin/run.js would misread it`)
    // A dry run, a list and a show compile the registry's commands, the parser, the transport and the printer: cached.
    await writeCodeCache(outfile, 'fastPath')
    // The lean bundle's resource commands that write start on a cache warmed by a create's dry run too (bin/run.js
    // picks it by the verb): the payload, its check and the plan compiled once, and a read's cache no larger.
    if (name === 'fast-path-resources.cjs') await writeCodeCache(outfile, 'fastPathWrites', `${outfile}.writes.cache`)
  }
}
