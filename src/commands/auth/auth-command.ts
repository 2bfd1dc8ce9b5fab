import {BaseCommand, type Plan, usageError} from '@invoicing-cli/core'

/** auth commands work on the local config (and GET /ping): no dry run, a local result to print. */
export abstract class AuthCommand extends BaseCommand {
  /** Does the work; returns what --output json prints and what people read. */
  protected abstract act(): Promise<{result: unknown; text: string}>

  protected async plan(): Promise<Plan> {
    if (this.flags['dry-run']) throw usageError(`${this.id?.replaceAll(':', ' ')} has no dry run: it works on the local config file`)
    return {kind: 'local', ...(await this.act())}
  }
}
