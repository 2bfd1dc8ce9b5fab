// Startup is mostly module loading (bench/RESULTS.md), so the build bundles with esbuild:
//  - dist/bundle.js: the CLI (src/, @invoicing-cli/core, @oclif/core) in one file, which
//    package.json names as the command table, the init hook and the help class;
//  - vendor/got.cjs beside it and inside the core package: got and its ~100 modules in one
//    file, loaded for multipart uploads only (every other request goes through http/transport.ts).
// Plugins stay separate packages and load as usual. Runs in `npm run build`; never committed.
import {readFileSync, writeFileSync} from 'node:fs'

import {build} from 'esbuild'

import {buildFastPaths} from './fast-path-bundles.js'

const root = new URL('..', import.meta.url).pathname
// Packages the bundles leave out, each loaded by import() where it is used (never at a start).
const LAZY_PACKAGES = [
  'got',
  'ajv',
  'yaml',
  'jmespath',
  'exceljs',
  'hpagent',
  'proxy-from-env',
  '@napi-rs/keyring',
  '@modelcontextprotocol/sdk',
  'semver',
]
// got's CommonJS dependencies call require(); an ESM bundle needs one.
const requireShim =
  "import {createRequire as __createRequire} from 'node:module'; const require = __createRequire(import.meta.url);"
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: {js: requireShim},
  logLevel: 'error',
  // The core's own modules, not its package entry (entry.js below, for plugins).
  plugins: [
    {
      name: 'core-modules',
      setup: (b) =>
        b.onResolve({filter: /^@invoicing-cli\/core$/}, () => ({path: `${root}packages/core/dist/index.js`})),
    },
  ],
}

// got takes ≈65 ms to load; ≈30 ms of it goes to things done at load time that this CLI never uses:
//  - http2-wrapper, which loads node:http2 and opens a TLS socket. got reaches it only with `http2: true`, which the
//    HTTP client never sets, so it is replaced by a stub that fails loudly if it is ever reached;
//  - two Intl.ListFormat objects that @sindresorhus/is builds for its error messages (ICU data, ≈16 ms), here made
//    on first use.
// If an upgrade moves either, the build fails here rather than silently losing the gain.
// What got imports at load but reaches only with options this CLI never sets (http2, cache, dnsCache): each stub
// fails loudly if it is ever reached. The HTTP cache and the DNS cache alone are ≈37 KB of got's bundle.
const STUBS = {
  'http2-wrapper': "export default {get auto() { throw new Error('HTTP/2 is not supported') }, globalAgent: undefined}",
  'cacheable-request':
    "export default class { constructor() { throw new Error('the HTTP cache is not supported') } }; export class " +
    'CacheError extends Error {}',
  'cacheable-lookup': "export default class { constructor() { throw new Error('the DNS cache is not supported') } }",
}
const leanGot = {
  name: 'lean-got',
  setup(b) {
    b.onResolve({filter: /^(http2-wrapper|cacheable-request|cacheable-lookup)$/}, (args) => ({
      path: args.path,
      namespace: 'stub',
    }))
    b.onLoad({filter: /.*/, namespace: 'stub'}, ({path}) => ({contents: STUBS[path]}))
    b.onLoad({filter: /@sindresorhus[\\/]is[\\/]distribution[\\/]index\.js$/}, async ({path}) => {
      const text = readFileSync(path, 'utf8')
      const made = /const (\w+) = new Intl\.ListFormat\(([^)]*)\);/g
      if ((text.match(made) ?? []).length !== 2)
        throw new Error(`${path}: its two Intl.ListFormat objects moved; update scripts/bundle.js`)
      return {
        contents: text.replace(
          made,
          (_, name, options) =>
            `let ${name}_; const ${name} = {format: (v) => (${name}_ ??= new Intl.ListFormat(${options})).format(v)};`,
        ),
      }
    })
  },
}
// CommonJS, so that http/code-cache.ts can load it with V8's code cache, which the build writes beside it.
const got = {
  ...common,
  format: 'cjs',
  banner: undefined,
  stdin: {
    contents: "module.exports = {default: require('got').default, Options: require('got').Options}",
    resolveDir: `${root}packages/core`,
  },
  plugins: [leanGot],
  minify: true,
  legalComments: 'linked',
}
for (const dir of [`${root}packages/core/dist/http/vendor`, `${root}dist/vendor`]) {
  await build({...got, outfile: `${dir}/got.cjs`})
  // Options of the kind got-loader.ts passes for an upload: their checks are compiled now, and cached with the rest.
  await writeCodeCache(`${dir}/got.cjs`, 'got')
}

/**
 * Runs the bundle once in a child Node (a fresh V8, as at startup), then its warm-up (code-cache-warm-ups.js),
 * and saves the code V8 compiled for it, to `out` (the bundle's name and `.cache` unless given). The child's output
 * goes nowhere; its errors fail the build.
 */
async function writeCodeCache(file, warmUp, out = `${file}.cache`) {
  const {execFileSync} = await import('node:child_process')
  const program =
    `const fs=require('fs'),vm=require('vm'),M=require('module');const [f,w,name,out]=process.argv.slice(1);` +
    `const s=new vm.Script(M.wrap(fs.readFileSync(f,'utf8')),{filename:f});const m={exports:{}};` +
    `s.runInThisContext()(m.exports,M.createRequire(f),m,f,require('path').dirname(f));` +
    `import(w).then((w)=>w[name](m)).then(()=>fs.writeFileSync(out,s.createCachedData()))`
  execFileSync(
    process.execPath,
    ['-e', program, file, new URL('code-cache-warm-ups.js', import.meta.url).href, warmUp, out],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
}

await build({
  ...common,
  entryPoints: [`${root}dist/cli.js`],
  outfile: `${root}dist/bundle.js`,
  // Loaded on demand by name, never at startup: got (its own bundle), ajv (MCP tool arguments) and yaml
  // (--output yaml only), jmespath (--query only), exceljs (workbooks only), the proxy agents (only with HTTPS_PROXY
  // and the like), the OS keychain (profiles that keep their token there), the MCP SDK (`cli mcp serve` only),
  // TypeScript loaders, semver (a user plugin's command only).
  external: [...LAZY_PACKAGES, 'typescript', 'ts-node', 'tsx'],
  // oclif's check of the Node version loads semver (≈23 ms of every run through oclif) and then reads package.json
  // from __dirname, which an ES module bundle does not have: it threw, and so never warned. npm checks the engines
  // at install; test/e2e/startup.test.ts holds oclif runs to not loading semver.
  define: {'process.env.OCLIF_DISABLE_ENGINE_WARNING': '"true"'},
  minify: true,
  keepNames: true,
  legalComments: 'linked',
})

// The runners plugin: its commands in one file whose @oclif/core and @invoicing-cli/core are the
// copies the CLI's bundle already loaded (src/cli.ts shares them on globalThis); loaded on its
// own (oclif manifest, a test), it imports the packages as usual.
const SHARED = {'@oclif/core': 'oclif', '@invoicing-cli/core': 'core'}
const sharedNames = {
  '@oclif/core': Object.keys(await import('@oclif/core')),
  '@invoicing-cli/core': Object.keys(await import(`${root}packages/core/dist/index.js`)),
}

// The core's package entry (packages/core/package.json), which plugins import: in a process the CLI started, the core
// the CLI already loaded (src/cli.ts, src/fast/plugin-command.ts share it), whichever copy of the package the plugin
// resolves (the CLI's own, one installed from a registry, a tarball or a path): a second core would break instanceof
// across them and cost startup (bench/RESULTS.md). Elsewhere (a plugin's own tests), the copy's modules as usual.
// Two forms of it: entry-sync.js (the `module-sync` condition, Node that can require() an ES module) has no top-level
// await, so the fast path can require() a plugin's command, sparing ES module loading (≈5 ms: bin/run.js);
// entry.js, for older Node and bundlers, imports the copy's modules with import().
const coreNames = `export const {${sharedNames['@invoicing-cli/core'].filter((n) => n !== 'default').join(', ')}} = m\n`
writeFileSync(
  `${root}packages/core/dist/entry.js`,
  "// Written by scripts/bundle.js: the core the CLI already loaded, else this copy's modules.\n" +
    "const host = globalThis[Symbol.for('invoicing-cli.shared')]\n" +
    "const m = host?.core ?? (await import('./index.js'))\n" +
    coreNames,
)
writeFileSync(
  `${root}packages/core/dist/entry-sync.js`,
  "// Written by scripts/bundle.js: the core the CLI already loaded, else this copy's modules (require(esm)).\n" +
    "import {createRequire} from 'node:module'\n" +
    "const host = globalThis[Symbol.for('invoicing-cli.shared')]\n" +
    "const m = host?.core ?? createRequire(import.meta.url)('./index.js')\n" +
    coreNames,
)
const shareCopies = {
  name: 'share-copies',
  setup(b) {
    b.onResolve({filter: /^(@oclif\/core|@invoicing-cli\/core)$/}, (args) =>
      args.namespace === 'shared' ? {path: args.path, external: true} : {path: args.path, namespace: 'shared'},
    )
    b.onLoad({filter: /.*/, namespace: 'shared'}, ({path}) => ({
      resolveDir: `${root}plugins/runners`,
      contents:
        `const m = globalThis[Symbol.for('invoicing-cli.shared')]?.${SHARED[path]} ?? (await ` +
        `import(${JSON.stringify(path)}));\n` +
        `export const {${sharedNames[path].filter((n) => n !== 'default').join(', ')}} = m;\n`,
    }))
  },
}
await build({
  ...common,
  banner: undefined,
  entryPoints: [`${root}plugins/runners/dist/commands.js`],
  outfile: `${root}plugins/runners/dist/bundle.js`,
  plugins: [shareCopies],
  minify: true,
  keepNames: true,
})

// The fast path's two bundles (dist/fast-path.cjs and dist/fast-path-resources.cjs) and their code caches.
await buildFastPaths({root, common, external: LAZY_PACKAGES, writeCodeCache})
