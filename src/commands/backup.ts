import {Flags} from '@oclif/core'
import {BaseCommand, flags as coreFlags, type Plan} from '@invoicing-cli/core/internal'

import {backupText} from '../month-end/backup/text.js'
import {incompleteError, runBackup} from '../month-end/backup/run.js'

export default class Backup extends BaseCommand {
  static summary = "Back up every family's records into a folder: one NDJSON file per family and manifest.json."
  static description =
    'Writes DIR/<family>.ndjson (one record a line: active, archived and deleted) and DIR/manifest.json (per family: ' +
    'count, SHA-256, the updated_at cursor, when). A second run into the same folder fetches only the records ' +
    'changed since the cursor and merges them by id. Files are replaced atomically; an interrupted run goes on ' +
    'where it stopped. --documents also saves the files of documents (DIR/documents/<id>/<name>). Families that ' +
    'hold credentials are left out (docs/month-end.md). A file that could not be saved is exit 5. Calls GET ' +
    '/api/v1/{family}?status=active,archived,deleted&sort=id|asc (with updated_at=CURSOR on a later run) for each ' +
    'family, and GET /api/v1/documents/{id}/download for each document file.'

  static examples = [
    '<%= config.bin %> backup --dir backup',
    '<%= config.bin %> backup --dir backup --documents',
    '<%= config.bin %> backup verify --dir backup',
  ]

  static baseFlags = coreFlags.baseFlagsWithout('columns', 'query', 'dry-run')
  static flags = {
    dir: Flags.string({required: true, summary: 'The backup folder (made if missing); a later run updates it.'}),
    documents: Flags.boolean({summary: 'Also save the files of documents (GET /documents/{id}/download).'}),
    full: Flags.boolean({summary: 'Fetch every family whole, whatever the cursors (drops records purged upstream).'}),
  }

  protected async plan(): Promise<Plan> {
    const client = await this.client()
    try {
      const result = await runBackup(client, {
        dir: this.flags.dir as string,
        server: client.connection.baseUrl,
        full: Boolean(this.flags.full),
        documents: Boolean(this.flags.documents),
      })
      const incomplete = incompleteError(result)
      if (incomplete) throw incomplete
      return {kind: 'local', result, text: backupText(result)}
    } finally {
      client.close()
    }
  }
}
