/**
 * Runs CLI commands inside the test process: the same oclif config, command classes, parsing and
 * error path as bin/run.js, without paying for a Node start per run. For long tables of local
 * refusals only; anything that reads stdin, needs signals or talks to the network spawns the real
 * bin/run.js (cli.ts), and the tables check a sample both ways.
 */
import {Config} from '@oclif/core'

import {baseEnv, type CliResult, makeHome, ROOT} from './cli.js'

type Write = typeof process.stdout.write

function capture(stream: NodeJS.WriteStream, into: Buffer[]): () => void {
  const original = stream.write
  stream.write = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
    into.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk),
    )
    const done = typeof encoding === 'function' ? encoding : callback
    if (typeof done === 'function') process.nextTick(done as () => void)
    return true
  }) as Write
  return () => {
    stream.write = original
  }
}

export interface InProcess {
  run(args: string[], env?: Record<string, string | undefined>): Promise<CliResult>
  close(): void
}

/** Loads the CLI's oclif config once, with a throwaway home, and runs commands one at a time. */
export async function inProcess(): Promise<InProcess> {
  const home = makeHome()
  const savedEnv = process.env
  process.env = {...baseEnv(home.home)}
  let config: Config
  try {
    config = await Config.load({root: ROOT})
  } finally {
    process.env = savedEnv
  }
  let busy = false
  return {
    async run(args, env = {}) {
      if (busy) throw new Error('in-process runs are one at a time')
      busy = true
      // `clients show x` is the command clients:show; a single word (`statics`) is its own id.
      const id = config.findCommand(`${args[0]}:${args[1]}`) ? `${args[0]}:${args[1]}` : args[0]
      const argv = args.slice(id.split(':').length)
      const out: Buffer[] = []
      const err: Buffer[] = []
      const outerEnv = process.env
      process.env = {...baseEnv(home.home)}
      for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v
      const restore = [capture(process.stdout, out), capture(process.stderr, err)]
      let code = 0
      try {
        await config.runCommand(id, argv)
      } catch (error) {
        const exit = (error as {oclif?: {exit?: number}}).oclif?.exit
        if (exit === undefined) throw error
        code = exit
      } finally {
        for (const undo of restore) undo()
        process.env = outerEnv
        busy = false
      }
      const stdoutBytes = Buffer.concat(out)
      return {code, stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), stdoutBytes}
    },
    close: () => home.cleanup(),
  }
}
