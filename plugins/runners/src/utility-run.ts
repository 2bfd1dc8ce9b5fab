import {RunnerCommand, type RunnerDefinition} from '@invoicing-cli/core'

export default class UtilityRun extends RunnerCommand {
  static summary = 'Call a read-only utility endpoint (GET /api/v1/ping by default).'
  static description =
    'Calls GET /api/v1/ping, or GET on the --endpoint path (health_check, say). GET only: payload flags are refused.'
  static examples = [
    '<%= config.bin %> utility run',
    '<%= config.bin %> utility run --endpoint health_check --output json',
  ]
  static runner: RunnerDefinition = {name: 'utility run', defaultEndpoint: 'ping', defaultMethod: 'GET'}
}
