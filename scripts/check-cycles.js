// Fails when the sources import each other in a cycle, type-only imports included (part of
// `npm run lint`). eslint-plugin-import-x's no-cycle skips `import type`, with no option not to,
// so this reads the imports with TypeScript's scanner instead: every relative import, re-export
// and import() of each tracked .ts/.js/.mjs file, `./x.js` standing for the `./x.ts` beside it.
import {execFileSync} from 'node:child_process'
import {existsSync, readFileSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.js', '*.mjs'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && existsSync(join(ROOT, f)))
const known = new Set(files)

/** The tracked file a relative specifier names, if any. */
function target(from, specifier) {
  const path = join(dirname(from), specifier)
  return [path.replace(/\.js$/, '.ts'), path].find((p) => known.has(p))
}

const imports = new Map(
  files.map((file) => {
    const {importedFiles} = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true)
    const targets = importedFiles.filter((i) => i.fileName.startsWith('.')).map((i) => target(file, i.fileName))
    return [file, [...new Set(targets.filter(Boolean))]]
  }),
)

// Tarjan's strongly connected components: each one of more than one file (or a file importing
// itself) is a cycle.
const cycles = []
const index = new Map()
const low = new Map()
const stack = []
function visit(file) {
  index.set(file, index.size)
  low.set(file, index.get(file))
  stack.push(file)
  for (const next of imports.get(file)) {
    if (!index.has(next)) {
      visit(next)
      low.set(file, Math.min(low.get(file), low.get(next)))
    } else if (stack.includes(next)) low.set(file, Math.min(low.get(file), index.get(next)))
  }
  if (low.get(file) !== index.get(file)) return
  const component = stack.splice(stack.indexOf(file))
  if (component.length > 1 || imports.get(file).includes(file)) cycles.push(component.sort())
}
for (const file of files) if (!index.has(file)) visit(file)

for (const component of cycles) {
  console.error(`check-cycles: these files import each other in a cycle:`)
  for (const file of component) {
    const inCycle = imports.get(file).filter((f) => component.includes(f))
    console.error(`  ${relative('.', join(ROOT, file))} imports ${inCycle.join(', ')}`)
  }
}
if (cycles.length > 0) process.exit(1)
