import {BaseCommand, flags, type ParseContext, type Plan} from '@invoicing-cli/core/internal'

const pick = <K extends keyof typeof flags.baseFlags>(...names: K[]) =>
  Object.fromEntries(names.map((n) => [n, flags.baseFlags[n]])) as Pick<typeof flags.baseFlags, K>

/** The shared flags an auth command that works on the config file alone honours (no --columns, no --dry-run). */
export const localAuthFlags = pick('output', 'profile', 'debug')
/** ... and one that also calls GET /ping. */
export const networkAuthFlags = pick(
  'output',
  'profile',
  'debug',
  'base-url',
  'verbose',
  'timeout',
  'retries',
  'insecure',
)

/** auth commands work on the local config (and GET /ping): no dry run, a local result to print. */
export abstract class AuthCommand extends BaseCommand {
  static baseFlags: Partial<typeof flags.baseFlags> = localAuthFlags

  /** Does the work; returns what --output json prints and what people read. */
  protected abstract act(): Promise<{result: unknown; text: string}>

  protected async plan(): Promise<Plan> {
    return {kind: 'local', ...(await this.act())}
  }

  protected parseContext(): ParseContext {
    const context = super.parseContext()
    return {
      ...context,
      unknownFlag: (flag) =>
        flag === 'dry-run' ? `${context.command} has no dry run: it works on the local config file` : undefined,
    }
  }
}
