/**
 * Runs CLI commands inside the MCP server's process, as `cli` would run them (the same class, parsing, key lookups,
 * checks, change pipeline and one error path), with what they write to stdout and stderr captured for the tool's
 * result. Standard output belongs to the MCP protocol: from `captureStdio()` on, nothing but the protocol's own write
 * reaches it; a write outside a run goes to stderr. Runs are one at a time (the commands share the process).
 */
import {History} from '@invoicing-cli/core/changes'
import {CliError, ExitCode, FAMILIES, resourceCommands, writeThroughStdout} from '@invoicing-cli/core/internal'

import EmailsFailed from '../commands/emails/failed.js'
import Reconcile from '../commands/reconcile.js'

export interface CommandRun<T = unknown> {
  code: number
  stdout: string
  stderr: string
  /** What the run returned (a saved plan, say), when it ended well. */
  value?: T
}

/** What a command class needs to run: oclif's Config, or the fast path's stand-in for it. */
export type CommandConfig = object

type Runnable = {_run(): Promise<unknown>}
type CommandClass = (new (argv: string[], config: never) => Runnable) & {id?: string}

let resources: Record<string, unknown> | undefined

/** The class of a command id the tools run (`invoices:list`, `reconcile`, `history`). */
function commandClass(id: string): CommandClass {
  const own: Record<string, unknown> = {reconcile: Reconcile, 'emails:failed': EmailsFailed, history: History}
  resources ??= resourceCommands(FAMILIES) as Record<string, unknown>
  const found = Object.hasOwn(own, id) ? own[id] : resources[id]
  if (!found) throw new Error(`no command ${id}`)
  return found as CommandClass
}

type Write = typeof process.stdout.write
let sink: {out: Buffer[]; err: Buffer[]} | undefined
let queue: Promise<unknown> = Promise.resolve()

const toBuffer = (chunk: string | Uint8Array, encoding?: unknown): Buffer =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : Buffer.from(chunk)

/** A stream's write, sending into `take(chunk)` when it returns true, else to `fallback`. */
function redirect(stream: NodeJS.WriteStream, take: (chunk: Buffer) => boolean, fallback: Write): void {
  stream.write = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
    const done = typeof encoding === 'function' ? encoding : callback
    if (!take(toBuffer(chunk, encoding))) return (fallback as (...a: unknown[]) => boolean)(chunk, encoding, callback)
    if (typeof done === 'function') process.nextTick(done as () => void)
    return true
  }) as Write
}

/**
 * From now on, stdout and stderr writes go to the run in progress (or stdout's to stderr between runs); returns the
 * write that alone reaches standard output, for the protocol.
 */
export function captureStdio(): (chunk: Buffer, done: (error?: Error | null) => void) => void {
  // Standard output may be a file (a client that logs the protocol): results must come this way all the same.
  writeThroughStdout()
  const stdoutWrite = process.stdout.write.bind(process.stdout) as Write
  const stderrWrite = process.stderr.write.bind(process.stderr) as Write
  redirect(process.stdout, (b) => Boolean(sink?.out.push(b)), stderrWrite)
  redirect(process.stderr, (b) => Boolean(sink?.err.push(b)), stderrWrite)
  return (chunk, done) => void stdoutWrite(chunk, done)
}

/** Runs `id` with these arguments to its end: its exit code and what it wrote. */
export const runCommand = (id: string, argv: string[], config: CommandConfig): Promise<CommandRun> =>
  captured(() => new (commandClass(id))(argv, config as never)._run(), id)

/**
 * Runs `work` (a command, or the change pipeline's in-process calls, which run one) with its output captured, after
 * the runs before it: its exit code (the base command has reported an error on stderr and chosen it), its output and
 * what it returned.
 */
export function captured<T>(work: () => Promise<T>, id?: string): Promise<CommandRun<T>> {
  const run = queue.then(async (): Promise<CommandRun<T>> => {
    if (id) commandClass(id).id = id
    const out: Buffer[] = []
    const err: Buffer[] = []
    sink = {out, err}
    let code = 0
    let value: T | undefined
    try {
      value = await work()
    } catch (error) {
      const said = failure(error as Error)
      if (said.line) err.push(Buffer.from(`Error: ${said.line}\n`))
      code = said.code
    } finally {
      sink = undefined
    }
    return {code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), value}
  })
  queue = run.catch(() => undefined)
  return run
}

/**
 * A run's failure: a command has reported it (oclif's exit error: its code); a CliError thrown before a command ran
 * is said as the CLI says it; the fast path's parser declining a command line is a usage error in all but name.
 */
function failure(error: Error & {oclif?: {exit?: number}; exitCode?: number}): {code: number; line?: string} {
  if (error.oclif?.exit !== undefined) return {code: error.oclif.exit}
  if (error instanceof CliError) return {code: error.exitCode, line: error.message}
  if (error.message.includes('declined this command line'))
    return {
      code: ExitCode.usage,
      line: 'the command did not accept these arguments (an unknown option, or a bad value)',
    }
  return {code: ExitCode.upstream, line: `unexpected error: ${error.message}`}
}
