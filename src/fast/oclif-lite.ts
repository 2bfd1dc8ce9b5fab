/**
 * What the core's resource commands use of @oclif/core, without oclif: the fast path's build
 * (scripts/fast-path-bundles.js) resolves `@oclif/core` to this file, so the same command classes run
 * with no Config, no plugin loading and no manifest. `parse` accepts only argv it reads exactly
 * as oclif would (parse.ts); anything else throws Declined, and bin/run.js hands the whole
 * invocation to oclif, which then parses, reports and exits as usual.
 */
import {parseArgv, type ArgDef, type FlagDef, type Parsed} from './parse.js'

/** Thrown by `parse` when oclif must run this command instead; nothing has happened yet. */
export class Declined extends Error {
  constructor() {
    super('the fast path declined this command line')
  }
}

/** What the commands read of oclif's Config. */
export interface LiteConfig {
  bin: string
  version: string
  configDir: string
  /** Where cached answers live (the currencies: core output/statics-cache.ts). */
  cacheDir: string
}

type FlagOptions = Omit<FlagDef, 'type' | 'kind'>

// The builders keep what parse.ts reads; help and completion details ride along unused.
export const Flags = {
  boolean: (options: FlagOptions = {}): FlagDef => ({...options, type: 'boolean', kind: 'boolean'}),
  string: (options: FlagOptions = {}): FlagDef => ({...options, type: 'option', kind: 'string'}),
  integer: (options: FlagOptions = {}): FlagDef => ({...options, type: 'option', kind: 'integer'}),
}

export const Args = {
  string: (options: Omit<ArgDef, 'kind'> = {}): ArgDef => ({...options, kind: 'string'}),
}

/** Stand-ins for the error classes the base command tests for; this path never makes them. */
class CLIError extends Error {}
class ExitError extends CLIError {}
export const Errors = {CLIError, ExitError}

export abstract class Command {
  static id: string
  static flags: Record<string, FlagDef> = {}
  static baseFlags: Record<string, FlagDef> = {}
  static args: Record<string, ArgDef> = {}

  id: string

  constructor(
    public argv: string[],
    public config: LiteConfig,
  ) {
    this.id = this.ctor.id
  }

  get ctor(): typeof Command {
    return this.constructor as typeof Command
  }

  abstract run(): Promise<unknown>

  /** oclif's hook for errors from run(); the base command overrides it (it always throws). */
  async catch(error: Error): Promise<unknown> {
    throw error
  }

  /** As oclif's static Command.run with a config: made and run (the change pipeline's in-process callers use it). */
  static run<T extends Command>(
    this: new (argv: string[], config: LiteConfig) => T,
    argv: string[],
    config: LiteConfig,
  ) {
    return new this(argv, config)._run()
  }

  /** The command line read as oclif would, or undefined where oclif must read it (parse.ts). */
  static parseLine(
    this: Pick<typeof Command, 'flags' | 'baseFlags' | 'args'>,
    argv: readonly string[],
  ): Parsed | undefined {
    return parseArgv(argv, {...this.baseFlags, ...this.flags}, this.args)
  }

  /** The base command passes its own class, which is this.ctor: the flags are read from there. */
  async parse(_options?: unknown) {
    const parsed = this.ctor.parseLine(this.argv)
    if (!parsed) throw new Declined()
    return parsed
  }

  /** As oclif's Command#_run: run, and errors through catch(); Declined passes straight out. */
  async _run(): Promise<unknown> {
    try {
      return await this.run()
    } catch (error) {
      if (error instanceof Declined) throw error
      return this.catch(error as Error)
    }
  }
}
