/**
 * Mocha's global fixtures: the whole run's temporary files go under one folder, removed when the run ends, so no
 * test (nor one that failed before its own clean-up) leaves folders in the system's temporary directory. Workers and
 * the CLIs they start inherit TMPDIR; os.tmpdir() reads it on every call.
 */
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

let root: string | undefined

export function mochaGlobalSetup(): void {
  root = mkdtempSync(join(tmpdir(), 'cli-tests-'))
  process.env.TMPDIR = root
}

export function mochaGlobalTeardown(): void {
  if (root) rmSync(root, {recursive: true, force: true})
}
