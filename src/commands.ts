/**
 * The command table oclif discovers (package.json: oclif.commands, strategy "explicit"); the fast path
 * (src/fast/run.ts) runs from it too. The resource commands' table is lazy (core lazy-table.ts): a class is
 * built only when its id is read, so the fast path builds one; Object.assign adds the others beside them.
 */
import {Apply, FAMILIES, hasTopic, History, PlanShow, resourceCommands, Undo} from '@invoicing-cli/core/internal'

import Api from './commands/api.js'
import Backup from './commands/backup.js'
import BackupVerify from './commands/backup/verify.js'
import ImportCsv from './commands/import/csv.js'
import List from './commands/auth/list.js'
import Login from './commands/auth/login.js'
import PeriodPack from './commands/period-pack.js'
import Logout from './commands/auth/logout.js'
import Status from './commands/auth/status.js'
import ProfilePolicy from './commands/profile/policy.js'
import Switch from './commands/auth/switch.js'
import Statics from './commands/statics.js'
import Health from './commands/health.js'
import EmailsFailed from './commands/emails/failed.js'
import Reconcile from './commands/reconcile.js'
import McpServe from './commands/mcp/serve.js'
import McpTools from './commands/mcp/tools.js'
import PluginsNew from './commands/plugins/new.js'

export const commands = Object.assign(resourceCommands(FAMILIES), {
  api: Api,
  apply: Apply,
  'plan:show': PlanShow,
  history: History,
  undo: Undo,
  backup: Backup,
  'backup:verify': BackupVerify,
  'import:csv': ImportCsv,
  statics: Statics,
  health: Health,
  reconcile: Reconcile,
  'emails:failed': EmailsFailed,
  'period-pack': PeriodPack,
  'mcp:serve': McpServe,
  'mcp:tools': McpTools,
  'auth:login': Login,
  'auth:status': Status,
  'auth:logout': Logout,
  'auth:list': List,
  'auth:switch': Switch,
  'profile:policy': ProfilePolicy,
  'plugins:new': PluginsNew,
})

PluginsNew.taken = (word) => Object.hasOwn(commands, word) || hasTopic(commands, word)
