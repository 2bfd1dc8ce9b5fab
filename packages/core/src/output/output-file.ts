/**
 * Files a command writes (--output-file): checked before anything is sent, written through a
 * temporary file created exclusively and renamed into place, so an interrupted or failed write
 * leaves nothing behind.
 */
import {open, rename, rm, stat} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'

import {CliError, ExitCode, usageError} from '../errors.js'
import {sha256} from '../hashing.js'
import {type Credentials, holdsSecret} from '../http/headers.js'
import {trackTempFile, untrackTempFile} from '../interrupt.js'
import {fileNameFromDisposition, safeFileName} from './filename.js'
import {stdoutFacts} from './std-streams.js'
import {writeOut} from './write.js'

/**
 * Refuses, before anything is sent, an output file that cannot or should not be written. A
 * folder is fine unless `folder` is false: the file name then comes from the answer (outputPath).
 */
export async function checkOutputTarget(target: string, force: boolean, folder = true): Promise<void> {
  if (target === '-') {
    // A PDF or zip on a terminal is noise at best and control sequences at worst.
    if (stdoutFacts().isTTY)
      throw usageError(
        '--output-file - writes the file to standard output, which is a terminal here: give a path, or pipe the output',
      )
    return
  }
  if (target === '') throw usageError('--output-file must not be empty: give a path, or - for stdout')
  // /dev/stdout and /dev/fd/1 are `-` by another name, terminal rule included.
  if (standardStream(target) === process.stdout) return checkOutputTarget('-', force, folder)
  if (await isStreamTarget(target)) return
  const existing = await stat(target).catch(() => undefined)
  if (existing?.isBlockDevice()) throw usageError(`--output-file ${target} is a block device: give a file path`)
  if (existing?.isDirectory()) {
    if (folder) return
    throw usageError(`${target} is a folder: give a file path`)
  }
  if (existing && !force) throw usageError(`--output-file ${target} exists: pass --force to overwrite it`)
  const dir = await stat(dirname(target)).catch(() => undefined)
  if (!dir?.isDirectory()) throw usageError(`--output-file ${target}: folder ${dirname(target)} does not exist`)
}

/**
 * Where an answer goes: `target`, or inside it when it is a folder, named by Content-Disposition.
 * A suggested name that holds a secret in use (in any spelling) is never used: the fallback is.
 */
export async function outputPath(
  target: string,
  headers: Record<string, string | string[] | undefined>,
  secrets: Pick<Credentials, 'token' | 'password'> = {},
): Promise<string> {
  if (target === '-' || !(await stat(target).catch(() => undefined))?.isDirectory()) return target
  const raw = headers['content-disposition']
  const disposition = Array.isArray(raw) ? raw[0] : raw
  const suggested = fileNameFromDisposition(disposition)
  const fallback = /pdf/i.test(String(headers['content-type'] ?? '')) ? 'download.pdf' : 'download'
  const leaks = holdsSecret(disposition ?? '', secrets) || holdsSecret(suggested ?? '', secrets)
  return join(target, safeFileName(leaks ? undefined : suggested, fallback))
}

// A descriptor of this process (/dev/fd/1, /dev/stdout, /proc/self/fd/3): whatever it is, the shell opened it.
const FD_PATH = /^\/(?:dev\/fd\/\d+|proc\/self\/fd\/\d+|dev\/std(?:out|err))$/

/** Standard output or error named by path; reopening those fails when they are sockets (ENXIO). */
function standardStream(target: string): NodeJS.WriteStream | undefined {
  if (/^\/(?:dev\/fd\/1|proc\/self\/fd\/1|dev\/stdout)$/.test(target)) return process.stdout
  if (/^\/(?:dev\/fd\/2|proc\/self\/fd\/2|dev\/stderr)$/.test(target)) return process.stderr
  return undefined
}

/**
 * A FIFO, a character device (/dev/null, a terminal) or a descriptor path: a stream to write into,
 * never a file to replace (a temporary file renamed over it would replace the device itself).
 */
export async function isStreamTarget(target: string): Promise<boolean> {
  if (FD_PATH.test(target)) return true
  const info = await stat(target).catch(() => undefined)
  return Boolean(info && (info.isFIFO() || info.isCharacterDevice()))
}

/** Writes straight into a stream target; O_APPEND, so a descriptor redirected with >> is not truncated. */
async function writeInto(
  target: string,
  fill: (write: (chunk: Uint8Array) => Promise<void>) => Promise<void>,
): Promise<void> {
  const stream = standardStream(target)
  if (stream === process.stdout) return fill(writeOut)
  if (stream) {
    return fill(async (chunk) => {
      if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve))
    })
  }
  const handle = await open(target, 'a').catch((error: Error) => {
    throw new CliError(`cannot write ${target}: ${error.message}`, ExitCode.usage)
  })
  try {
    await fill(async (chunk) => {
      await handle.write(chunk)
    })
  } finally {
    await handle.close()
  }
}

/**
 * Writes bytes to a file atomically: a temporary file beside the target, renamed into place when
 * complete, removed on failure. `-` means stdout. An existing file needs `force`. A FIFO, a device
 * or /dev/fd/N is written into directly (isStreamTarget).
 */
export async function writeFileAtomically(
  target: string,
  force: boolean,
  fill: (write: (chunk: Uint8Array) => Promise<void>) => Promise<void>,
): Promise<void> {
  if (target === '-') {
    await fill(writeOut)
    return
  }
  await checkOutputTarget(target, force, false)
  if (await isStreamTarget(target)) {
    await writeInto(target, fill)
    return
  }
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.part`)
  trackTempFile(tmp)
  const handle = await open(tmp, 'wx', 0o644).catch((error: Error) => {
    untrackTempFile(tmp)
    throw new CliError(`cannot write ${target}: ${error.message}`, ExitCode.usage)
  })
  try {
    await fill(async (chunk) => {
      await handle.write(chunk)
    })
    await handle.close()
    await rename(tmp, target)
  } catch (error) {
    await handle.close().catch(() => {})
    await rm(tmp, {force: true})
    throw error
  } finally {
    untrackTempFile(tmp)
  }
}

/** A file written by writeFileHashed: its SHA-256 (hex) and size, of exactly the bytes written. */
export interface HashedFile {
  sha256: string
  bytes: number
}

/** writeFileAtomically, hashing and counting every byte written: a download's, a backup file's, a ledger's. */
export async function writeFileHashed(
  target: string,
  force: boolean,
  fill: (write: (chunk: Uint8Array) => Promise<void>) => Promise<void>,
): Promise<HashedFile> {
  const hash = await sha256()
  let bytes = 0
  await writeFileAtomically(target, force, (write) =>
    fill(async (chunk) => {
      hash.update(chunk)
      bytes += chunk.length
      await write(chunk)
    }),
  )
  return {sha256: hash.digest('hex'), bytes}
}

/**
 * Refuses, before anything is sent, a format that writes a file without --output-file (a workbook is not for a
 * terminal or a pipe), --output-file with a format that prints, and a file that exists or cannot be written.
 */
export async function checkFileOutput(
  format: {name: string; writesFile?: boolean},
  outputFile: string | undefined,
): Promise<void> {
  if (!format.writesFile) {
    if (outputFile !== undefined)
      throw usageError(
        `--output-file goes with --output xlsx; --output ${format.name} prints to standard output: redirect it ` +
          `(> ${outputFile})`,
      )
    return
  }
  if (outputFile === undefined || outputFile === '-' || (await isStreamTarget(outputFile)))
    throw usageError(
      `--output ${format.name} writes a workbook file, not to a terminal or standard output: give --output-file ` +
        'FILE.xlsx',
    )
  if (await stat(outputFile).catch(() => undefined))
    throw usageError(`--output-file ${outputFile} exists: remove it or give another file name`)
  await checkOutputTarget(outputFile, false, false)
}
