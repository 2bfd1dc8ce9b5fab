/** The verbs that move files: upload (multipart, streamed from disk) and download (streamed to a file, checked). */
import {stat} from 'node:fs/promises'
import {basename} from 'node:path'

import {Args, Flags} from '@oclif/core'

import type {Plan} from '../base-command.js'
import {usageError} from '../../errors.js'
import {baseFlagsWithout, changeFlags} from '../flags.js'
import {checkReadable, UPLOAD_MAX_BYTES} from '../../input/local-files.js'
import {checkOutputTarget} from '../../output/output-file.js'
import type {Family, Verb} from '../../registry/types.js'
import type {Json} from '../../plan/request.js'
import {downloadRequest, invitationKeyOf, showRequest, type UploadFile, uploadRequest} from '../../plan/routes.js'
import {checkRecordId} from '../../plan/record-read.js'
import {isInvitationKey} from '../../plan/record-keys.js'
import {idArg, ResourceCommand} from './verbs.js'
import {summaryFor} from '../../plan/summary.js'

export class UploadVerb extends ResourceCommand {
  static verb: Verb = 'upload'
  static mutating = true
  static argsFor = (f: Family) => idArg(f)
  static flagsFor = () => ({
    file: Flags.string({required: true, multiple: true, summary: 'File to attach (repeatable); sent as documents[].'}),
    public: Flags.boolean({summary: 'Make the documents visible to the client (is_public).'}),
    ...changeFlags,
  })

  protected async plan(): Promise<Plan> {
    const files: UploadFile[] = []
    for (const path of this.flags.file as string[]) {
      if (path === '') throw usageError('--file must not be empty: give a file path')
      const info = await stat(path).catch(() => undefined)
      if (!info) throw usageError(`--file ${path}: no such file`)
      if (!info.isFile()) throw usageError(`--file ${path} is not a regular file`)
      await checkReadable(path, '--file')
      if (info.size > UPLOAD_MAX_BYTES) {
        throw usageError(
          `--file ${path} is ${info.size} bytes: the upstream takes files up to about 100 MB ` +
            `(${UPLOAD_MAX_BYTES} bytes)`,
        )
      }
      files.push({path, filename: basename(path), size: info.size})
    }
    const words = {did: `attached ${files.length} file${files.length === 1 ? '' : 's'} to`}
    return {
      kind: 'send',
      request: uploadRequest(this.family, await this.recordId(this.id_), files, Boolean(this.flags.public)),
      expect: 'json',
      summary: summaryFor(this.family, words),
    }
  }
}

export class DownloadVerb extends ResourceCommand {
  static verb: Verb = 'download'
  // It writes bytes: nothing to select or query (--output json still makes errors JSON documents).
  static baseFlags = baseFlagsWithout('columns', 'query', 'headers', 'bom')
  // Documents download by record id (any file type); the others by invitation key, record id or number (a PDF).
  static argsFor = (f: Family) =>
    f.download?.kind === 'record'
      ? idArg(f)
      : {
          invitation_key: Args.string({
            description:
              "The record's id or number (its first invitation downloads), or an invitation key (invitations[].key).",
          }),
        }

  static flagsFor = (f: Family) => ({
    'output-file': Flags.string({
      required: true,
      summary:
        `Where the ${f.download?.kind === 'record' ? 'file' : 'PDF'} is written (a folder: the upstream's file ` +
        'name); - for stdout.',
    }),
    force: Flags.boolean({summary: 'Overwrite --output-file if it exists.'}),
    ...(f.download?.kind === 'invitation'
      ? {
          id: Flags.string({
            summary:
              'The record id or number instead of an invitation key: reads the record and downloads through its ' +
              'first invitation.',
          }),
          'e-invoice': Flags.boolean({summary: 'The EU e-invoice (XML) instead of the PDF.'}),
        }
      : {}),
  })

  protected async plan(): Promise<Plan> {
    const outputFile = this.str('output-file')!
    const force = Boolean(this.flags.force)
    const f = this.family
    const eInvoice = Boolean(this.flags['e-invoice'])
    const expect = f.download?.kind === 'record' ? 'any' : eInvoice ? 'xml' : 'pdf'
    const key = this.args.invitation_key
    if (f.download?.kind === 'invitation' && (key === undefined) === (this.str('id') === undefined)) {
      throw usageError(`${f.word} download needs an invitation key, a record id or number, or --id (one of them)`)
    }
    await checkOutputTarget(outputFile, force)
    // An invitation key goes straight to its route (an empty one is refused there).
    if (f.download?.kind !== 'invitation' || (key !== undefined && (key === '' || isInvitationKey(key))))
      return {kind: 'download', request: downloadRequest(f, key ?? this.id_, eInvoice), outputFile, force, expect}
    // A record id or number: the record is read, and its first invitation's key downloads.
    const recordId = await this.recordId(this.str('id') ?? key!, f, this.str('id') === undefined ? 'id' : '--id')
    const read = showRequest(f, recordId)
    const route = downloadRequest(f, 'KEY', eInvoice).path.replace('/KEY/', '/<invitations[0].key>/')
    const note = `reads ${read.path}, then downloads through the record's first invitation key: GET ${route}`
    const lookup = {
      read,
      note,
      request: (record: {[key: string]: Json}) => {
        checkRecordId(record, recordId, `${f.word} ${recordId}`, 'nothing was downloaded')
        return downloadRequest(f, invitationKeyOf(f, record, recordId), eInvoice)
      },
    }
    return {kind: 'download', request: read, outputFile, force, expect, lookup}
  }
}
