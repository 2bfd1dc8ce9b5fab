// Keeps package.json's oclif.topics in step with the family registry, so adding a family stays
// one entry in the registry. Runs as part of `npm run build`; writes only when something changed.
import {readFileSync, writeFileSync} from 'node:fs'

import {FAMILIES, resourceTopics} from '@invoicing-cli/core/internal'

const path = new URL('../package.json', import.meta.url)
const text = readFileSync(path, 'utf8')
const pjson = JSON.parse(text)
pjson.oclif.topics = {
  auth: {description: 'Log in, check and remove saved tokens (profiles).'},
  import: {description: 'Import records from CSV files.'},
  backup: {description: "Back up every family's records to files, and verify a backup."},
  emails: {description: 'E-mails that bounced or failed: list them, send them again.'},
  mcp: {description: 'Serve this CLI to AI agents over the Model Context Protocol (MCP).'},
  plan: {description: 'Plans saved with --save-plan: read one before cli apply sends it.'},
  profile: {description: "A profile's policy: the changes it may make."},
  ...resourceTopics(FAMILIES),
}
const next = `${JSON.stringify(pjson, null, 2)}\n`
if (next !== text) {
  writeFileSync(path, next)
  console.error('sync-topics: package.json oclif.topics updated from the registry')
}
