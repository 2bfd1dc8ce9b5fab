/**
 * No import cycle among the project's modules, type imports included: the layers (registry,
 * commands, plan, input, http, output, config) stay a stack a reader can follow top-down.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {dirname, join, normalize, relative} from 'node:path'

import {expect} from 'chai'

import {ROOT} from './support/cli.js'

const sources = (dir: string): string[] =>
  readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )

/** Each module's relative imports and re-exports (`import type` too), as file paths. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const targets = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g)]
      .map((m) => normalize(join(dirname(file), m[1])).replace(/\.js$/, '.ts'))
      .filter((target) => existsSync(target))
    graph.set(file, targets)
  }
  return graph
}

/** The strongly connected groups of more than one module (Tarjan), or a module importing itself. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const group: string[] = []
    let w: string
    do {
      w = stack.pop()!
      group.push(w)
    } while (w !== v)
    if (group.length > 1 || graph.get(v)?.includes(v)) found.push(group)
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

describe('import cycles', () => {
  it('the check finds a cycle through a type import, and none in a stack', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(cycles(graph).map((g) => g.sort())).to.deep.equal([['a', 'b', 'c']])
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).to.deep.equal([])
  })

  it('packages/core/src, src and plugins/*/src have none', () => {
    const dirs = [join(ROOT, 'packages', 'core', 'src'), join(ROOT, 'src'), join(ROOT, 'plugins', 'runners', 'src')]
    const graph = importGraph(dirs.flatMap((dir) => sources(dir)))
    expect(graph.size).to.be.greaterThan(100)
    const edges = [...graph.values()].flat()
    expect(edges.some((e) => e.endsWith(join('registry', 'types.ts'))), 'type imports are read').to.equal(true)
    expect(cycles(graph).map((group) => group.map((f) => relative(ROOT, f)).sort())).to.deep.equal([])
  })
})
