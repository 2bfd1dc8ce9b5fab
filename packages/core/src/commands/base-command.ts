/**
 * The one base command: the lifecycle of every command. It parses and checks the flags, asks the
 * subclass for a Plan (plain data), applies the guardrail, and hands the plan to the dry run
 * (dry-run.ts) or the executor (executor.ts), whose answers the printer renders
 * (output/printer.ts). Every error leaves through catch(): one line, the documented exit code.
 */
import {Command, Errors} from '@oclif/core'

import {quitOnClosedStdout} from '../output/closed-stdout.js'
import {resolveSettings, type Settings} from '../config/config.js'
import {CliError, ExitCode, usageError} from '../errors.js'
import {commandDryRun} from './command-dry-run.js'
import {argvAsksForJson, reportError, silentExit, toCliError, writeDebugStack} from './error-report.js'
import {Executor} from './executor.js'
import {runRemote} from './remote-run.js'
import type {LocalPlan, Plan, RemotePlan} from '../plan/plans.js'
import {Printer, type Secrets} from '../output/printer.js'
import {baseFlags} from './flags.js'
import type {HttpClient} from '../http/client.js'
import {checkInputValues} from '../input/typed-values.js'
import {exitOnInterrupt} from '../interrupt.js'
import {type NetFlags, netOptions, type NetOptions} from '../http/net-options.js'
import {liveCredentials, openClient} from '../http/open-client.js'
import {formatOf, type OutputFormat} from '../output/formats/index.js'
import {noteSecretsInUse} from '../output/plugin-output.js'
import {commandParseContext, type ParseContext} from './parse-errors.js'
import type {Style} from '../output/table.js'
import type {CurrencyBook} from '../output/currencies.js'
import {type ChangeContext, type ChangeSource, commandWords} from '../pipeline/change.js'
import type {ChangeHooks, JsonObject} from '../pipeline/hooks.js'
import {readPolicy} from '../policy/policy.js'
import type {PlanReader} from '../pipeline/save-plan.js'

export type {
  ChainPlan,
  DownloadPlan,
  EditPlan,
  Fallback,
  ListPlan,
  LocalPlan,
  Plan,
  PollPlan,
  RemotePlan,
  SendPlan,
  SeriesPlan,
} from '../plan/plans.js'
export {argvAsksForJson, reportError, silentExit, toCliError} from './error-report.js'

export type FlagValues = Record<string, unknown> & {
  output?: string
  'dry-run'?: boolean
  debug?: boolean
  yes?: boolean
}

export abstract class BaseCommand extends Command {
  /** A command may honour fewer of them (auth commands): it lists only those. */
  static baseFlags: Partial<typeof baseFlags> = baseFlags
  /** Changes upstream records: refused without --yes unless --dry-run is given. */
  static mutating = false

  protected flags: FlagValues = {}
  protected args: Record<string, string | undefined> = {}
  /** Renders what this command prints (set once the flags are parsed). */
  protected out!: Printer
  private secrets: Secrets = {token: process.env.CLI_API_TOKEN, password: process.env.CLI_API_PASSWORD}
  private net?: NetOptions
  private shared?: Promise<HttpClient>
  private resolved?: Settings
  /** Records read while planning (apply's stale check), by path: the journal keeps them without reading again. */
  protected knownBefore?: ReadonlyMap<string, JsonObject>

  /**
   * Whether this run changes upstream records, so needs --yes or
   * --dry-run (the class's `mutating` unless a command knows better).
   */
  protected isMutating(): boolean {
    return (this.ctor as typeof BaseCommand).mutating
  }

  /** Turns flags and args into what should happen. Local validation throws usage errors (exit 2). */
  protected abstract plan(): Promise<Plan>

  /** The --output format's entry (output/formats): what it prints and accepts. */
  protected get format(): OutputFormat {
    return formatOf(this.flags.output)
  }

  protected get userAgent(): string {
    return `invoicing-cli/${this.config.version}`
  }

  /**
   * The request timeout flag; a command whose own --timeout means something else returns undefined (CLI_TIMEOUT then).
   */
  protected requestTimeoutFlag(): string | undefined {
    return this.flags.timeout as string | undefined
  }

  /** What tables of this command know beyond the terminal: a family's status names. */
  protected tableStyle(): Partial<Style> {
    return {}
  }

  async run(): Promise<unknown> {
    quitOnClosedStdout()
    const uninstall = exitOnInterrupt((error) => this.report(error))
    try {
      return await this.runCommand()
    } finally {
      uninstall()
    }
  }

  private async runCommand(): Promise<unknown> {
    const {flags, args} = await this.parse(this.ctor)
    this.flags = flags as FlagValues
    this.args = args as Record<string, string | undefined>
    checkInputValues(this.flags, this.args)
    this.net = netOptions({...(this.flags as NetFlags), timeout: this.requestTimeoutFlag()})
    // A command with its own --output-file (a download's file) keeps it; the printer's is the workbook's.
    const ownOutputFile = Boolean((this.ctor as typeof BaseCommand).flags?.['output-file'])
    this.out = await Printer.fromFlags(
      this.flags,
      () => this.secrets,
      this.tableStyle(),
      ownOutputFile,
      () => this.currencies(),
    )
    const plan = await this.plan()
    if (plan.kind === 'local') {
      const shown = await this.out.local(plan as LocalPlan)
      // Nothing to change (reconcile with no match, emails failed without --resend): no plan file, and not a success.
      if (this.savesPlan) throw usageError('--save-plan: this run changes no records, so no plan was saved')
      // A change that did nothing is not a success (exit 5), whatever it printed.
      if (plan.didNothing) throw new CliError(plan.didNothing, ExitCode.incomplete)
      return shown
    }
    if (this.savesPlan) return this.savePlan(plan)
    this.checkGuardrail()
    if (this.flags['dry-run']) return this.dryRun(plan)
    const client = await this.client()
    try {
      return await runRemote(plan, {
        client,
        out: this.out,
        secrets: () => this.secrets,
        replan: (error) => this.replan(error),
        quiet: Boolean(this.flags.quiet),
        pipeline: () => this.pipeline(client),
      })
    } finally {
      client.close()
    }
  }

  /** The currencies' precisions for the amounts a table shows: cached per profile (output/statics-cache.ts). */
  protected async currencies(): Promise<CurrencyBook> {
    const s = this.resolved ?? (await this.settings())
    const {currencyBook} = await import('../output/statics-cache.js')
    const where = {cacheDir: this.config.cacheDir, profile: s.profile, baseUrl: s.baseUrl ?? ''}
    return currencyBook(where, () => this.client(s))
  }

  /** After a refused request: the plan to run instead, once (a record id that turned out to be a number). */
  protected async replan(_error: unknown): Promise<RemotePlan | undefined> {
    return undefined
  }

  /**
   * The guardrail: a run that changes records needs --yes or --dry-run (exit 3). A command that reads before it
   * plans its changes calls it first, so that a refusal sends nothing.
   */
  protected checkGuardrail(): void {
    if (this.isMutating() && !this.flags.yes && !this.flags['dry-run'] && !this.savesPlan) {
      throw new CliError(
        `${this.id?.replaceAll(':', ' ')} changes upstream records: pass --yes to confirm, or --dry-run to see ` +
          'the request without sending it',
        ExitCode.guardrail,
      )
    }
  }

  /** --save-plan FILE: the change is planned, put to the policy and saved; nothing is sent. */
  protected get savesPlan(): boolean {
    return this.flags['save-plan'] !== undefined
  }

  /** Where this run's changes come from, for the policy and the journal: a plugin's command says `plugin`. */
  protected changeSource(): ChangeSource {
    const plugin = (this.ctor as {plugin?: {name?: string}}).plugin?.name
    return plugin && plugin !== 'invoicing-cli' && !plugin.startsWith('@invoicing-cli/') ? 'plugin' : 'cli'
  }

  /** What the pipeline's stages know of this run's change (apply and undo say more). */
  protected changeContext(profile: string, baseUrl: string): ChangeContext {
    return {source: this.changeSource(), profile, baseUrl, ...commandWords(this.id)}
  }

  /** The change's context with the policy of the profile in use (exit 2 when the file holds one it cannot read). */
  private contextOf(s: Settings, baseUrl: string): ChangeContext {
    return {...this.changeContext(s.profile, baseUrl), policy: readPolicy(s.profile, s.saved.policy)}
  }

  /** The change pipeline's hooks (pipeline/change-run.ts), loaded only when a change is about to be sent. */
  private async pipeline(client: HttpClient): Promise<ChangeHooks> {
    const s = this.resolved ?? (await this.settings())
    const {changeRun} = await import('../pipeline/change-run.js')
    return changeRun({
      context: this.contextOf(s, client.connection.baseUrl),
      secrets: () => this.secrets,
      before: this.knownBefore,
    })
  }

  /** Reads for planning (GETs, on the run's client): a record, a bulk selection. */
  protected async reader(): Promise<PlanReader> {
    const executor = new Executor(await this.client(), this.out, () => this.secrets)
    return {read: (request) => executor.readRecord(request), select: (selection) => executor.select(selection)}
  }

  private async savePlan(plan: RemotePlan): Promise<unknown> {
    if (this.flags['dry-run']) throw usageError('--save-plan saves the change and --dry-run prints it: pick one')
    const s = this.resolved ?? (await this.settings())
    const client = await this.client(s)
    try {
      const {saveChange} = await import('../pipeline/save-plan.js')
      return await saveChange(plan, {
        file: this.flags['save-plan'] as string,
        context: this.contextOf(s, client.connection.baseUrl),
        command: `${this.config.bin} ${this.id?.replaceAll(':', ' ') ?? ''} ${this.argv.join(' ')}`.trim(),
        reader: await this.reader(),
        secrets: this.secrets,
      })
    } finally {
      client.close()
    }
  }

  private async dryRun(plan: RemotePlan): Promise<unknown> {
    const s = await this.settings()
    return commandDryRun(plan, s, {
      format: this.flags.output,
      userAgent: this.userAgent,
      client: () => this.client(s),
      out: this.out,
      secrets: () => this.secrets,
    })
  }

  protected async settings(): Promise<Settings> {
    const settings = await resolveSettings({
      configDir: this.config.configDir,
      flagBaseUrl: this.flags['base-url'] as string | undefined,
      flagProfile: this.flags.profile as string | undefined,
    })
    this.useSecrets({token: settings.token, password: settings.password})
    this.resolved = settings
    return settings
  }

  /**
   * The run's client for live requests, made on first use: needs a token (exit 4) and a base URL (exit 2). The reads
   * planning needs (a key's lookup) and the requests sent share it, and so one connection.
   */
  protected client(s?: Settings): Promise<HttpClient> {
    this.shared ??= (async () => this.connect(liveCredentials(s ?? (await this.settings()))))()
    return this.shared
  }

  /** The one way to an HttpClient: transport check, timeouts, retries and the --verbose trace from the flags. */
  protected connect(to: {baseUrl: string; token: string; password?: string}): HttpClient {
    // The secrets are scrubbed from whatever is printed from here on, a refusal of them included.
    this.useSecrets({token: to.token, password: to.password})
    return openClient(to, this.net ?? netOptions({}), this.userAgent)
  }

  /** The secrets in use: what is printed is scrubbed of them. */
  protected get secretsInUse(): Secrets {
    return this.secrets
  }

  /** The secrets in use from now on: scrubbed from everything printed, a plugin's lines included. */
  private useSecrets(secrets: Secrets): void {
    this.secrets = secrets
    noteSecretsInUse(secrets)
  }

  /** Writes text for stdout: the secrets in use never appear there, even when an answer holds them. */
  protected async print(text: string): Promise<void> {
    await this.out.print(text)
  }

  /**
   * The one error path: a clear line (and field errors) on stderr, a JSON document with --output json, the exit code.
   */
  async catch(error: Error & {exitCode?: number}): Promise<never> {
    if (error instanceof Errors.ExitError || (error as {skipOclifErrorHandling?: boolean}).skipOclifErrorHandling)
      throw error
    const cliError = toCliError(error, this.parseContext())
    this.report(cliError)
    if (this.wantsDebug()) writeDebugStack(error, this.secrets)
    throw silentExit(cliError.exitCode)
  }

  private report(cliError: CliError): void {
    // Flags may not have been parsed when the error came from parsing itself: read the argv then.
    const json = this.flags.output === undefined ? argvAsksForJson(this.argv) : this.format.errorDocument
    reportError(cliError, json, this.secrets)
  }

  /** What parse error messages say about this command: its words and flags (unknown flags get the nearest). */
  protected parseContext(): ParseContext {
    return commandParseContext(this.config.bin, this.id, this.ctor as typeof BaseCommand)
  }

  private wantsDebug(): boolean {
    return Boolean(this.flags.debug) || this.argv.includes('--debug') || Boolean(process.env.DEBUG)
  }
}
