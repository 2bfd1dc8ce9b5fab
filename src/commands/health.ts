import {apiPath, BaseCommand, type Plan} from '@invoicing-cli/core/internal'

export default class Health extends BaseCommand {
  static summary = "Show the server's health: database, queue, PDF engine, PHP version, pending migrations."
  static description =
    'Calls GET /api/v1/health_check, the check a self-hosted server runs on itself, and prints its answer: ' +
    'system_health is false when a check failed (the others say which). The exit code says whether the server ' +
    'answered, not whether it is healthy: --query system_health prints that alone. The hosted service ' +
    'answers an empty message.'
  static examples = ['<%= config.bin %> health', '<%= config.bin %> health --output json']

  protected async plan(): Promise<Plan> {
    return {
      kind: 'send',
      request: {method: 'GET', path: apiPath('health_check'), query: [], changes: false},
      expect: 'json',
    }
  }
}
