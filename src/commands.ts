/** The command table oclif discovers (package.json: oclif.commands, strategy "explicit"). */
import {FAMILIES, resourceCommands} from '@invoicing-cli/core/internal'

import Api from './commands/api.js'
import ImportCsv from './commands/import/csv.js'
import List from './commands/auth/list.js'
import Login from './commands/auth/login.js'
import Logout from './commands/auth/logout.js'
import Status from './commands/auth/status.js'
import Switch from './commands/auth/switch.js'
import Statics from './commands/statics.js'
import EmailsFailed from './month-end/emails-failed/command.js'
import Reconcile from './month-end/reconcile/command.js'

export const commands = {
  ...resourceCommands(FAMILIES),
  api: Api,
  'import:csv': ImportCsv,
  statics: Statics,
  reconcile: Reconcile,
  'emails:failed': EmailsFailed,
  'auth:login': Login,
  'auth:status': Status,
  'auth:logout': Logout,
  'auth:list': List,
  'auth:switch': Switch,
}
