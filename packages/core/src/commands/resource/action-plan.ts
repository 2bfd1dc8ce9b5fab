/** The plan of an action that may answer a file (download, bulk_print, bulk_download), and the flags for that file. */
import {Flags} from '@oclif/core'

import type {Plan} from '../base-command.js'
import {usageError} from '../../errors.js'
import {FILE_ACTIONS} from '../../registry/file-kinds.js'
import {checkOutputTarget} from '../../output/output-file.js'
import type {Routed} from '../../plan/routes.js'

export const fileFlags = {
  'output-file': Flags.string({
    summary: `Where the file of a file action (${Object.keys(FILE_ACTIONS).join(', ')}) is written; - for stdout.`,
  }),
  force: Flags.boolean({summary: 'Overwrite --output-file if it exists.'}),
}

/** --output-file on an action that answers no file: a usage error. */
export function refuseOutputFile(action: string, outputFile: unknown): void {
  if (outputFile !== undefined)
    throw usageError(
      `--output-file is for the actions that answer a file (${Object.keys(FILE_ACTIONS).join(', ')}), not ${action}`,
    )
}

/**
 * The plan of an action: actions that answer a file (download, bulk_print, bulk_download) need
 * --output-file and save only the file, of the kind FILE_ACTIONS names for one record or several;
 * the others print the answer, JSON. Checked before sending.
 */
export async function actionPlan(
  routed: Routed,
  action: string,
  records: 'one' | 'several',
  flags: Record<string, unknown>,
): Promise<Plan> {
  const outputFile = flags['output-file'] as string | undefined
  const force = Boolean(flags.force)
  const expect = Object.hasOwn(FILE_ACTIONS, action) ? FILE_ACTIONS[action][records] : undefined
  if (!expect) {
    refuseOutputFile(action, outputFile)
    return {kind: 'send', ...routed, expect: 'json'}
  }
  if (outputFile === undefined)
    throw usageError(
      `--action ${action} answers a file: give --output-file PATH (a folder takes the upstream's file name; - ` +
        'for stdout)',
    )
  await checkOutputTarget(outputFile, force)
  return {kind: 'download', ...routed, outputFile, force, expect}
}
