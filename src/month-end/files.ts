/**
 * What the month-end commands do with files: hash one, read one line by line, replace a JSON file atomically, and run
 * downloads a few at a time. Memory stays bounded: files are streamed, never read whole.
 */
import {createReadStream} from 'node:fs'
import {lstat, mkdir, readFile, stat} from 'node:fs/promises'
import {join} from 'node:path'

import {CliError, ExitCode, sha256, writeFileAtomically} from '@invoicing-cli/core/internal'

/** The SHA-256 of a file (hex), or undefined when there is no such file. */
export async function sha256File(path: string): Promise<string | undefined> {
  if (!(await stat(path).catch(() => undefined))?.isFile()) return undefined
  const hash = await sha256()
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * The path of `file` (`documents/Dk3mZ7pQx1/receipt.png`) inside `dir`, its folders made one at a time: never through
 * a link, nor onto one. A folder or file on the way that is a link (or a folder that is something else) planted in
 * `dir` is refused rather than followed, so nothing is written outside `dir` (the file itself is then written
 * beside its place exclusively and renamed onto it, which replaces no link's target).
 */
export async function insidePath(dir: string, file: string): Promise<string> {
  const parts = file.split('/')
  if (parts.some((part) => part === '' || part === '.' || part === '..'))
    throw new CliError(`${file} is not a path inside ${dir}`, ExitCode.usage)
  let at = dir
  for (const [i, part] of parts.entries()) {
    at = join(at, part)
    const folder = i < parts.length - 1
    let info = await lstat(at).catch(() => undefined)
    if (info === undefined && folder) {
      await mkdir(at).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error
      })
      info = await lstat(at)
    }
    if (info === undefined) break
    const fits = folder ? info.isDirectory() : info.isFile()
    if (info.isSymbolicLink() || !fits) {
      const is = info.isSymbolicLink() ? 'a link' : `not a ${folder ? 'folder' : 'file'}`
      throw new CliError(
        `${at} is ${is}: nothing is written through it (only inside ${dir}); remove it and run again`,
        ExitCode.usage,
      )
    }
  }
  return join(dir, file)
}

/** The lines of a file, one at a time (without their line ends). */
export async function* fileLines(path: string): AsyncGenerator<string> {
  const {createInterface} = await import('node:readline')
  const lines = createInterface({input: createReadStream(path), crlfDelay: Infinity})
  for await (const line of lines) if (line !== '') yield line
}

/** A JSON file replaced whole: a reader sees the old one or the new one, never half of it. */
export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  const text = `${JSON.stringify(value, null, 2)}\n`
  await writeFileAtomically(path, true, async (write) => write(Buffer.from(text)))
}

/** A JSON file written by writeJsonFile, or undefined when there is none; one that does not parse is an error. */
export async function readJsonFile<T>(path: string): Promise<T | undefined> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw new CliError(`cannot read ${path}: ${error.message}`, ExitCode.usage)
  })
  if (text === undefined) return undefined
  try {
    return JSON.parse(text) as T
  } catch {
    throw new CliError(`${path} is not valid JSON: move it away, or give another --dir`, ExitCode.usage)
  }
}

/** Runs `work` on every item, at most `window` at once; resolves when all are done (a throw rejects at once). */
export async function eachAtOnce<T>(items: Iterable<T>, window: number, work: (item: T) => Promise<void>) {
  const it = items[Symbol.iterator]()
  const worker = async () => {
    for (let next = it.next(); !next.done; next = it.next()) await work(next.value)
  }
  await Promise.all(Array.from({length: window}, worker))
}
