import {loadConfig, pickProfile} from '@invoicing-cli/core/internal'

import {AuthCommand} from './auth-command.js'

export default class List extends AuthCommand {
  static summary = 'List the saved profiles: name, base URL, and which one is in use (never a token).'
  static description =
    'The profile in use is the one --profile or CLI_PROFILE names, else the active one (auth switch, auth login). ' +
    'Reads the config file only. Sends nothing upstream.'
  static examples = ['<%= config.bin %> auth list', '<%= config.bin %> auth list --output json']

  protected async act() {
    const config = await loadConfig(this.config.configDir)
    const {name: inUse} = pickProfile({flagProfile: this.flags.profile as string | undefined}, config)
    const profiles = Object.entries(config.profiles).map(([name, p]) => ({
      name,
      base_url: p.base_url ?? null,
      active: name === inUse,
    }))
    if (profiles.length === 0)
      return {result: {profiles}, text: 'No profiles saved: "cli auth login --base-url URL" saves one.'}
    const width = Math.max(4, ...profiles.map((p) => p.name.length))
    const lines = [
      `  ${'NAME'.padEnd(width)}  BASE URL`,
      ...profiles.map((p) => `${p.active ? '*' : ' '} ${p.name.padEnd(width)}  ${p.base_url ?? ''}`.trimEnd()),
    ]
    return {result: {profiles}, text: lines.join('\n')}
  }
}
