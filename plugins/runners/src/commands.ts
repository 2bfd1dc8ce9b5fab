/** The runners plugin's command table (oclif explicit discovery). */
import ChartsRun from './charts-run.js'
import ReportsRun from './reports-run.js'
import SearchRun from './search-run.js'
import UtilityRun from './utility-run.js'

export const commands = {
  'search:run': SearchRun,
  'reports:run': ReportsRun,
  'charts:run': ChartsRun,
  'utility:run': UtilityRun,
}
