import {BaseCommand, loadConfig, type Plan, profileName, saveConfig, usageError, writeErr, writeOut} from '@invoicing-cli/core'

export default class Logout extends BaseCommand {
  static summary = 'Remove a profile (its base URL and token) from the config file.'
  static description = `Sends nothing upstream: the token itself stays valid until it is revoked in the web app.`
  static examples = ['<%= config.bin %> auth logout', '<%= config.bin %> auth logout --profile staging']

  protected async plan(): Promise<Plan> {
    throw new Error('auth logout does not plan a request')
  }

  async run(): Promise<unknown> {
    const {flags} = await this.parse(Logout)
    this.flags = flags
    if (flags['dry-run']) throw usageError('auth logout has no dry run: it only edits the local config file')
    const config = await loadConfig(this.config.configDir)
    const profile = profileName({flagProfile: flags.profile}, config)
    const existed = profile in config.profiles
    delete config.profiles[profile]
    if (config.active === profile) delete config.active
    if (existed) await saveConfig(this.config.configDir, config)
    const result = {profile, removed: existed}
    if (this.json) await writeOut(JSON.stringify(result) + '\n')
    else writeErr(existed ? `Logged out: profile "${profile}" removed` : `No profile "${profile}": nothing to remove`)
    if (process.env.CLI_API_TOKEN) writeErr('note: CLI_API_TOKEN is still set in this environment and still applies')
    return result
  }
}
