/**
 * Before `cli plugins install`: the plugins' package.json in the data directory depends on the CLI's own copy of
 * the core by path. A plugin declares @invoicing-cli/core as a peer dependency (docs/plugins.md), so npm meets it
 * with that copy, from no registry (an offline team's tarball installs), and the plugin's import of it resolves.
 * Whatever copy it resolves, the core's entry hands it the core the CLI loaded (scripts/bundle.js).
 */
import {mkdir, readFile, realpath, writeFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'

import {CORE} from './core-range.js'

interface DataPjson {
  dependencies?: Record<string, string>
  [key: string]: unknown
}

/** The directory of the CLI's own copy of the core package, symlinks resolved. */
export async function hostCoreDir(): Promise<string> {
  return realpath(dirname(createRequire(import.meta.url).resolve(`${CORE}/package.json`)))
}

export async function provideCore(dataDir: string): Promise<void> {
  const file = join(dataDir, 'package.json')
  // As @oclif/plugin-plugins first writes it.
  const pjson = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as DataPjson,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return {private: true, oclif: {schema: 1, plugins: []}} as DataPjson
      throw error
    },
  )
  const want = `file:${await hostCoreDir()}`
  if (pjson.dependencies?.[CORE] === want) return
  pjson.dependencies = {...pjson.dependencies, [CORE]: want}
  await mkdir(dataDir, {recursive: true})
  await writeFile(file, JSON.stringify(pjson, null, 2))
}
