import {Args} from '@oclif/core'
import {loadConfig, requireSavedProfile, saveConfig, writeErr} from '@invoicing-cli/core/internal'

import {AuthCommand, localAuthFlags} from './auth-command.js'

const {profile: _profile, ...flagsWithoutProfile} = localAuthFlags

export default class Switch extends AuthCommand {
  static summary = 'Make a saved profile the active one: commands then use its base URL and token.'
  static description =
    '--profile and CLI_PROFILE still win over the active profile for a single command. ' + 'Sends nothing upstream.'
  static examples = ['<%= config.bin %> auth switch staging']
  static baseFlags = flagsWithoutProfile
  static args = {name: Args.string({description: 'A saved profile (cli auth list shows them).', required: true})}

  protected async act() {
    const config = await loadConfig(this.config.configDir)
    const name = this.args.name ?? ''
    requireSavedProfile(name, 'auth switch', config)
    config.active = name
    await saveConfig(this.config.configDir, config)
    if (process.env.CLI_PROFILE && process.env.CLI_PROFILE !== name)
      writeErr(
        `note: CLI_PROFILE=${process.env.CLI_PROFILE} is set in this environment and still wins over the active ` +
          'profile',
      )
    const baseUrl = config.profiles[name].base_url
    return {
      result: {profile: name, base_url: baseUrl ?? null},
      text: `Active profile: ${name}${baseUrl ? ` (${baseUrl})` : ''}`,
    }
  }
}
