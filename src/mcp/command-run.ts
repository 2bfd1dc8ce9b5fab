/**
 * Runs a CLI command inside the MCP server's process, as `cli` would run it (the same class, parsing, key lookups,
 * checks and one error path), with what it writes to stdout and stderr captured for the tool's result. Standard
 * output belongs to the MCP protocol: from `captureStdio()` on, nothing but the protocol stream it returns reaches
 * it; a write outside a command run goes to stderr. Runs are one at a time (the commands share the process).
 */
import {FAMILIES, resourceCommands} from '@invoicing-cli/core/internal'

import EmailsFailed from '../commands/emails/failed.js'
import Reconcile from '../commands/reconcile.js'

export interface CommandRun {
  code: number
  stdout: string
  stderr: string
}

/** What a command class needs to run: oclif's Config, or the fast path's stand-in for it. */
export type CommandConfig = object

type Runnable = {_run(): Promise<unknown>}
type CommandClass = (new (argv: string[], config: never) => Runnable) & {id?: string}

let resources: Record<string, unknown> | undefined

/** The class of a command id the tools use (`invoices:list`, `reconcile`). */
function commandClass(id: string): CommandClass {
  const own: Record<string, unknown> = {reconcile: Reconcile, 'emails:failed': EmailsFailed}
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
 * From now on, stdout and stderr writes go to the command being run (or stdout's to stderr between runs); returns
 * the write that alone reaches standard output, for the protocol.
 */
export function captureStdio(): (chunk: Buffer, done: (error?: Error | null) => void) => void {
  const stdoutWrite = process.stdout.write.bind(process.stdout) as Write
  const stderrWrite = process.stderr.write.bind(process.stderr) as Write
  redirect(process.stdout, (b) => Boolean(sink?.out.push(b)), stderrWrite)
  redirect(process.stderr, (b) => Boolean(sink?.err.push(b)), stderrWrite)
  return (chunk, done) => void stdoutWrite(chunk, done)
}

/** Runs `id` with these arguments to its end: its exit code and what it wrote. One run at a time. */
export function runCommand(id: string, argv: string[], config: CommandConfig): Promise<CommandRun> {
  const run = queue.then(() => runNow(id, argv, config))
  queue = run.catch(() => undefined)
  return run
}

async function runNow(id: string, argv: string[], config: CommandConfig): Promise<CommandRun> {
  const Command = commandClass(id)
  Command.id = id
  const out: Buffer[] = []
  const err: Buffer[] = []
  sink = {out, err}
  let code = 0
  try {
    await new Command(argv, config as never)._run()
  } catch (error) {
    // The base command has reported the error on stderr and chosen the code; anything else is a bug, said as one.
    const exit = (error as {oclif?: {exit?: number}}).oclif?.exit
    if (exit === undefined) err.push(Buffer.from(`Error: unexpected error: ${(error as Error).message}\n`))
    code = exit ?? 1
  } finally {
    sink = undefined
  }
  return {code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8')}
}
