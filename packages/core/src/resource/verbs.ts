/**
 * One class per verb. Each turns flags into a Plan through the pure builders in routes.ts; the
 * base command does the rest. Per-family subclasses are made by commands.ts from the registry.
 */
import {stat} from 'node:fs/promises'
import {basename} from 'node:path'

import {Args, Flags} from '@oclif/core'

import {BaseCommand, type Plan} from '../base-command.js'
import {usageError} from '../errors.js'
import {baseFlagsWithout, fieldFlag, includeFlag, listFlags, writePayloadFlags, yesFlag} from '../flags.js'
import {buildPayload, fieldsObject, type PayloadInput} from '../payload.js'
import type {Family, Verb} from '../registry.js'
import type {Json} from '../request.js'
import {checkOutputTarget} from '../output.js'
import type {ParseContext} from '../parse-errors.js'
import type {Style} from '../table.js'
import {checkKnownAction} from './known-action.js'
import {withStatusFilter} from './status-filter.js'
import {guidedFlagsFor, missingGuidedFlag} from './guided.js'
import {validateWritePayload} from '../schema/guard.js'
import {
  actionRequest,
  bulkRequest,
  createRequest,
  deleteRequest,
  downloadRequest,
  editTemplateRequest,
  listRequest,
  showRequest,
  templateRequest,
  updateRequest,
  type UploadFile,
  uploadRequest,
} from './routes.js'

export abstract class ResourceCommand extends BaseCommand {
  static family: Family
  static verb: Verb

  protected get family(): Family {
    return (this.ctor as typeof ResourceCommand).family
  }

  protected str(name: string): string | undefined {
    return this.flags[name] as string | undefined
  }

  protected get id_(): string {
    return this.args.id ?? ''
  }

  protected tableStyle(): Partial<Style> {
    return {statuses: this.family.statuses}
  }

  /** A guided flag this family lacks is answered with the flags it takes. */
  protected parseContext(): ParseContext {
    const context = super.parseContext()
    const writes = (this.ctor as typeof ResourceCommand).verb === 'create' || (this.ctor as typeof ResourceCommand).verb === 'update'
    return writes ? {...context, unknownFlag: (flag) => missingGuidedFlag(this.family, flag, context.command)} : context
  }

  /** The create/update body, checked against the family's fields unless --no-validate. */
  protected async payload(): Promise<{[key: string]: Json}> {
    const body = await buildPayload(this.flags as PayloadInput, {documentLike: this.family.documentLike, familyWord: this.family.word})
    if (!this.flags['no-validate']) await validateWritePayload(this.family.word, body)
    return body
  }
}

const idArg = {id: Args.string({description: 'Record id (a hashed string, e.g. VolejRejNm).', required: true})}

export class ListVerb extends ResourceCommand {
  static verb: Verb = 'list'
  static argsFor = () => ({})
  static flagsFor = () => ({...listFlags, ...includeFlag})

  protected async plan(): Promise<Plan> {
    const all = Boolean(this.flags.all)
    const limit = this.flags.limit as number | undefined
    const paged = all || limit !== undefined
    let sort = this.str('sort')
    // Multi-page listings need a stable order (the upstream guarantees none): id|asc unless --sort.
    if (paged && sort === undefined) sort = 'id|asc'
    const request = listRequest(this.family, {
      perPage: this.flags['per-page'] as number | undefined,
      page: paged ? undefined : (this.flags.page as number | undefined),
      sort,
      filters: withStatusFilter(this.str('status'), this.flags.filter as string[] | undefined),
      include: this.str('include'),
    })
    const startPage = (this.flags.page as number | undefined) ?? 1
    const concurrency = this.flags.concurrency as number | undefined
    return {kind: 'list', request, paged, startPage, limit, concurrency, columns: this.family.columns}
  }
}

export class ShowVerb extends ResourceCommand {
  static verb: Verb = 'show'
  static argsFor = () => idArg
  static flagsFor = () => ({...includeFlag})

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: showRequest(this.family, this.id_, this.str('include'))}
  }
}

export class TemplateVerb extends ResourceCommand {
  static verb: Verb = 'template'
  static argsFor = () => ({})
  static flagsFor = () => ({})

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: templateRequest(this.family)}
  }
}

export class EditTemplateVerb extends ResourceCommand {
  static verb: Verb = 'edit-template'
  static argsFor = () => idArg
  static flagsFor = () => ({})

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: editTemplateRequest(this.family, this.id_)}
  }
}

export class CreateVerb extends ResourceCommand {
  static verb: Verb = 'create'
  static mutating = true
  static argsFor = () => ({})
  static flagsFor = (f: Family) => ({...writePayloadFlags(f.documentLike, guidedFlagsFor(f)), ...includeFlag, ...yesFlag})

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: createRequest(this.family, await this.payload(), this.str('include'))}
  }
}

export class UpdateVerb extends ResourceCommand {
  static verb: Verb = 'update'
  static mutating = true
  static argsFor = () => idArg
  static flagsFor = (f: Family) => ({...writePayloadFlags(f.documentLike, guidedFlagsFor(f)), ...includeFlag, ...yesFlag})

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: updateRequest(this.family, this.id_, await this.payload(), this.str('include'))}
  }
}

export class DeleteVerb extends ResourceCommand {
  static verb: Verb = 'delete'
  static mutating = true
  static argsFor = () => idArg
  static flagsFor = () => ({...yesFlag})

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: deleteRequest(this.family, this.id_)}
  }
}

const actionFlag = (f: Family) =>
  Flags.string({
    required: true,
    summary: `Action name${f.actions.length ? `: ${f.actions.join(', ')}` : ''}.`,
    // Shell completion offers the actions the upstream implements; no others are accepted (known-action.ts).
    ...(f.actions.length ? {completion: {options: async () => [...f.actions]}} : {}),
  })

export class BulkVerb extends ResourceCommand {
  static verb: Verb = 'bulk'
  static mutating = true
  static argsFor = () => ({})
  static flagsFor = (f: Family) => ({
    action: actionFlag(f),
    id: Flags.string({required: true, multiple: true, summary: 'Record id (repeatable).'}),
    ...fieldFlag,
    ...yesFlag,
  })

  protected async plan(): Promise<Plan> {
    const extra = fieldsObject((this.flags.field as string[] | undefined) ?? [])
    checkKnownAction(this.family, this.str('action')!)
    return {kind: 'send', request: bulkRequest(this.family, this.str('action')!, this.flags.id as string[], extra)}
  }
}

export class ActionVerb extends ResourceCommand {
  static verb: Verb = 'action'
  static mutating = true
  static argsFor = () => idArg
  static flagsFor = (f: Family) => ({
    action: actionFlag(f),
    'output-file': Flags.string({summary: 'Where a PDF answer (action download) is written; - for stdout.'}),
    force: Flags.boolean({summary: 'Overwrite --output-file if it exists.'}),
    ...yesFlag,
  })

  protected async plan(): Promise<Plan> {
    const outputFile = this.str('output-file')
    checkKnownAction(this.family, this.str('action')!)
    if (outputFile !== undefined) await checkOutputTarget(outputFile, Boolean(this.flags.force))
    return {kind: 'send', request: actionRequest(this.family, this.id_, this.str('action')!), outputFile, force: Boolean(this.flags.force)}
  }
}

/** The upstream's limit per uploaded file: about 100 MB (FACTS.md), taken as 100 × 1024 × 1024 bytes. */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024

export class UploadVerb extends ResourceCommand {
  static verb: Verb = 'upload'
  static mutating = true
  static argsFor = () => idArg
  static flagsFor = () => ({
    file: Flags.string({required: true, multiple: true, summary: 'File to attach (repeatable); sent as documents[].'}),
    public: Flags.boolean({summary: 'Make the documents visible to the client (is_public).'}),
    ...yesFlag,
  })

  protected async plan(): Promise<Plan> {
    const files: UploadFile[] = []
    for (const path of this.flags.file as string[]) {
      if (path === '') throw usageError('--file must not be empty: give a file path')
      const info = await stat(path).catch(() => undefined)
      if (!info) throw usageError(`--file ${path}: no such file`)
      if (!info.isFile()) throw usageError(`--file ${path} is not a regular file`)
      if (info.size > UPLOAD_MAX_BYTES) {
        throw usageError(`--file ${path} is ${info.size} bytes: the upstream takes files up to about 100 MB (${UPLOAD_MAX_BYTES} bytes)`)
      }
      files.push({path, filename: basename(path), size: info.size})
    }
    return {kind: 'send', request: uploadRequest(this.family, this.id_, files, Boolean(this.flags.public))}
  }
}

export class DownloadVerb extends ResourceCommand {
  static verb: Verb = 'download'
  // It writes bytes: nothing to select or query (--output json still makes errors JSON documents).
  static baseFlags = baseFlagsWithout('columns', 'query')
  static argsFor = () => ({
    invitation_key: Args.string({description: 'Invitation key: invitations[].key of the record.', required: true}),
  })

  static flagsFor = () => ({
    'output-file': Flags.string({required: true, summary: 'Where the PDF is written; - for stdout.'}),
    force: Flags.boolean({summary: 'Overwrite --output-file if it exists.'}),
  })

  protected async plan(): Promise<Plan> {
    const outputFile = this.str('output-file')!
    const force = Boolean(this.flags.force)
    const request = downloadRequest(this.family, this.args.invitation_key ?? '')
    await checkOutputTarget(outputFile, force)
    return {kind: 'download', request, outputFile, force}
  }
}

export const VERB_CLASSES = {
  list: ListVerb,
  show: ShowVerb,
  template: TemplateVerb,
  'edit-template': EditTemplateVerb,
  create: CreateVerb,
  update: UpdateVerb,
  delete: DeleteVerb,
  bulk: BulkVerb,
  action: ActionVerb,
  upload: UploadVerb,
  download: DownloadVerb,
} satisfies Record<Verb, unknown>
