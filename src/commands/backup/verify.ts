import {Flags} from '@oclif/core'
import {BaseCommand, flags as coreFlags, type Plan} from '@invoicing-cli/core/internal'

import {reportVerify, verifyBackup} from '../../month-end/backup/verify.js'

export default class BackupVerify extends BaseCommand {
  static summary = 'Check a backup folder: every file manifest.json names is there with its SHA-256.'
  static description =
    'Hashes each family file and each saved document file again and compares it with manifest.json. ' +
    'Sends nothing upstream. A missing or changed file is named on stderr and the exit code is 5; running ' +
    'cli backup into the folder again repairs it.'

  static examples = ['<%= config.bin %> backup verify --dir backup']

  static baseFlags = coreFlags.baseFlagsWithout(
    'columns',
    'query',
    'dry-run',
    'base-url',
    'profile',
    'timeout',
    'retries',
    'insecure',
    'verbose',
  )
  static flags = {
    dir: Flags.string({required: true, summary: 'The backup folder to check.'}),
  }

  protected async plan(): Promise<Plan> {
    const result = await verifyBackup(this.flags.dir as string)
    const damaged = reportVerify(result)
    if (damaged) throw damaged
    return {
      kind: 'local',
      result,
      text: `${result.dir}: ${result.checked === 1 ? '1 file matches' : `${result.checked} files match`} manifest.json`,
    }
  }
}
