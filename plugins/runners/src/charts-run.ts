import {Flags} from '@oclif/core'
import {type Plan, RunnerCommand, type RunnerDefinition, runnerFlags} from '@invoicing-cli/core'

import {CHARTS} from './catalog.js'

export default class ChartsRun extends RunnerCommand {
  static summary = 'Read dashboard chart data.'
  static description =
    `Calls POST /api/v1/<endpoint>, the --endpoint path (required), one of: ${CHARTS.join(', ')}. The payload ` +
    'takes date_range, or start_date and end_date.'
  static examples = [
    '<%= config.bin %> charts run --endpoint charts/totals --field date_range=last30',
    '<%= config.bin %> charts run --list',
  ]
  static flags = {
    ...runnerFlags,
    list: Flags.boolean({summary: 'Print the known chart endpoints and exit (no request).'}),
  }
  static runner: RunnerDefinition = {
    name: 'charts run',
    defaultMethod: 'POST',
    endpointHelp: `one of ${CHARTS.join(', ')}`,
  }

  protected async plan(): Promise<Plan> {
    if (this.flags.list) return {kind: 'local', result: CHARTS, text: CHARTS.join('\n')}
    return super.plan()
  }
}
