/** `backup verify`: every file the manifest names is there, with the SHA-256 it records. */
import {join} from 'node:path'

import {CliError, ExitCode, usageError, writeErr, errorLabel, warningLabel} from '@invoicing-cli/core/internal'

import {sha256File} from '../files.js'
import {readManifest, shortFamilies} from './manifest.js'

export interface VerifyResult {
  dir: string
  checked: number
  problems: Array<{file: string; problem: 'missing' | 'changed'}>
  /** The last run did not finish: the files are whole, but some families are older than others. */
  unfinished: boolean
  /** Families the last run read short of the server's count: `invoices: 99 of 100 records read`. */
  short: string[]
}

export async function verifyBackup(dir: string): Promise<VerifyResult> {
  const manifest = await readManifest(dir)
  if (!manifest)
    throw usageError(`${dir} holds no manifest.json: not a backup folder (cli backup --dir ${dir} makes one)`)
  const expected: Array<[string, string]> = [
    ...Object.values(manifest.families ?? {}).map((f): [string, string] => [f.file, f.sha256]),
    ...Object.entries(manifest.files ?? {}).map(([file, f]): [string, string] => [file, f.sha256]),
  ]
  const problems: VerifyResult['problems'] = []
  for (const [file, sha256] of expected) {
    const actual = await sha256File(join(dir, file))
    if (actual === sha256) continue
    problems.push({file, problem: actual === undefined ? 'missing' : 'changed'})
  }
  const short = shortFamilies(manifest.families ?? {})
  return {dir, checked: expected.length, problems, unfinished: manifest.unfinished !== undefined, short}
}

/** Names each problem on stderr; a damaged backup is exit 5 (incomplete, docs/errors.md). */
export function reportVerify(result: VerifyResult): CliError | undefined {
  if (result.unfinished)
    writeErr(`${warningLabel()} the last backup into ${result.dir} did not finish: run cli backup to complete it`)
  const says = {missing: 'missing', changed: 'its SHA-256 is not the one manifest.json records'}
  for (const p of result.problems) writeErr(`${errorLabel()} ${p.file}: ${says[p.problem]}`)
  for (const line of result.short) writeErr(`${errorLabel()} ${line} when the backup ran (the server counted more)`)
  const n = result.problems.length
  if (n === 0 && result.short.length > 0)
    return new CliError(
      `the backup in ${result.dir} is incomplete: ${result.short.length} of its families were read short (named ` +
        `above); run cli backup --dir ${result.dir} again`,
      ExitCode.incomplete,
    )
  if (n === 0) return undefined
  return new CliError(
    `the backup in ${result.dir} is damaged: ${n} of ${result.checked} files missing or changed (named above); ` +
      `run cli backup --dir ${result.dir} again to repair it`,
    ExitCode.incomplete,
  )
}
