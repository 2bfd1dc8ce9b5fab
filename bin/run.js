#!/usr/bin/env node
// `cli --version` (what scripts call to check the install) is answered without loading oclif,
// in the same words oclif would use; everything else runs the bundled CLI (scripts/bundle.js).
if (process.argv.length === 3 && process.argv[2] === '--version') {
  const {readFile} = await import('node:fs/promises')
  const pjson = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'))
  process.stdout.write(`${pjson.name}/${pjson.version} ${process.platform}-${process.arch} node-${process.version}\n`)
} else {
  const {run} = await import('../dist/bundle.js')
  await run(import.meta.url)
}
