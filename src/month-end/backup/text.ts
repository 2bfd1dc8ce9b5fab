/** What `cli backup` prints for people: a line per family, then the documents' files. */
import type {BackupResult} from './run.js'

export function backupText(result: BackupResult): string {
  const rows = Object.entries(result.families).map(([word, f]) => {
    const how = result.resumed.includes(word)
      ? 'done by the interrupted run'
      : f.fetched === 'whole'
        ? 'fetched whole'
        : `${f.received} changed`
    return `  ${f.file.padEnd(30)} ${String(f.count).padStart(8)} records  (${how})`
  })
  const files = result.files
  const docs = files.saved + files.kept > 0 ? [`  documents' files: ${files.saved} saved, ${files.kept} unchanged`] : []
  return [`Backup in ${result.dir}:`, ...rows, ...docs].join('\n')
}
