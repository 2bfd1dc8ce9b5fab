import {apiPath, BaseCommand, type Plan} from '@invoicing-cli/core/internal'

export default class Statics extends BaseCommand {
  static summary = 'Show static reference data: currencies, countries, languages, payment types, ...'
  static description = `Calls GET /api/v1/statics (answered without a "data" wrapper).`
  static examples = ['<%= config.bin %> statics --output json', '<%= config.bin %> statics --dry-run']

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: {method: 'GET', path: apiPath('statics'), query: [], changes: false}, expect: 'json'}
  }
}
