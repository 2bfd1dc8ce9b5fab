import {RunnerCommand, type RunnerDefinition} from '@invoicing-cli/core'

export default class SearchRun extends RunnerCommand {
  static summary = 'Search clients, contacts and invoices.'
  static description =
    'Calls POST /api/v1/search with the payload, e.g. {"search":"acme"}. With --endpoint, any other path is ' +
    'called with GET only (reports/ and charts/ paths with POST or PUT).'
  static examples = [
    '<%= config.bin %> search run --field search=acme',
    `<%= config.bin %> search run --data '{"search":"0042"}' --output json`,
  ]
  static runner: RunnerDefinition = {name: 'search run', defaultEndpoint: 'search', defaultMethod: 'POST'}
}
