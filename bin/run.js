#!/usr/bin/env node
// `cli --version` (what scripts call to check the install) is answered without loading oclif,
// in the same words oclif would use. A resource command (`cli clients show X`) runs on the fast
// path (src/fast/run.ts) unless it declines; everything else runs the bundled oclif CLI.
const argv = process.argv.slice(2)
if (argv.length === 1 && argv[0] === '--version') {
  const {readFile} = await import('node:fs/promises')
  const pjson = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'))
  process.stdout.write(`${pjson.name}/${pjson.version} ${process.platform}-${process.arch} node-${process.version}\n`)
} else {
  const {runFast} = await import('../dist/fast-path.js')
  if (!(await runFast(argv))) {
    const {run} = await import('../dist/bundle.js')
    await run(import.meta.url)
  }
}
