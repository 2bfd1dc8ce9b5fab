import {Args, Flags} from '@oclif/core'
import {
  BaseCommand,
  type ChangeSource,
  usageError,
  checkPayloadSources,
  fieldsObject,
  flags as coreFlags,
  type PayloadInput,
  type Plan,
  readRawSource,
} from '@invoicing-cli/core/internal'

import {apiRequest} from './api-request.js'

/** The escape hatch: any route under /api/v1, with the CLI's headers, auth, output, guardrail and errors. */
export default class Api extends BaseCommand {
  static summary =
    'Call any route under /api/v1 of the configured server (GET and HEAD read; other methods, and a GET that ' +
    'runs a record action, need --yes).'
  static description =
    'The path is relative to /api/v1 (invoices/VolejRejNm, /api/v1/invoices and invoices are alike); a URL, ' +
    '//host, .., a ? or # in the path, or an escape (%..) is refused. Query parameters go in --param key=value ' +
    `(repeatable). POST, PUT, PATCH and DELETE change records, and so does a GET on a record action's route ` +
    '(invoices/{id}/mark_paid, quotes/{id}/email: the server runs the action): they need --yes (or --dry-run) and ' +
    'are never sent twice. X-API-PASSWORD (CLI_API_PASSWORD) goes to the routes that need it: users, client purge ' +
    'and merge, company purge. --all pages a GET list like "list --all".'

  static examples = [
    '<%= config.bin %> api GET invoices --param status=active --param per_page=5',
    '<%= config.bin %> api GET clients --all --output ndjson',
    '<%= config.bin %> api POST invoices/bulk --field action=mark_sent --field ids.0=WJxbojagwO --yes',
    '<%= config.bin %> api PUT clients/VolejRejNm --data \'{"private_notes":"VIP"}\' --dry-run',
  ]

  static args = {
    method: Args.string({description: 'GET, HEAD, POST, PUT, PATCH or DELETE.', required: true}),
    path: Args.string({description: 'A path under /api/v1, e.g. invoices/VolejRejNm.', required: true}),
  }

  static flags = {
    param: Flags.string({multiple: true, summary: 'A query parameter as key=value (repeatable).'}),
    all: Flags.boolean({summary: 'GET only: fetch every page of a list, in order (stops after 100 pages).'}),
    ...coreFlags.rawPayloadFlags,
    ...coreFlags.fieldFlag,
    ...coreFlags.yesFlag,
  }

  private changes = false

  protected changeSource(): ChangeSource {
    return 'api'
  }

  // Known once the request is built (the guardrail runs after plan()): the method, or a GET action's route.
  protected isMutating(): boolean {
    return this.changes
  }

  protected async plan(): Promise<Plan> {
    const input = this.flags as PayloadInput
    const source = checkPayloadSources(input, {documentLike: false, familyWord: 'api'})
    const body =
      source === 'raw' ? await readRawSource(input) : source === 'guided' ? fieldsObject(input.field ?? []) : undefined
    const request = apiRequest(
      this.args.method ?? '',
      this.args.path ?? '',
      (this.flags.param as string[] | undefined) ?? [],
      body,
    )
    this.changes = request.changes
    // Any route, so any answer: JSON is printed as JSON, anything else passes through as it came.
    if (!this.flags.all) return {kind: 'send', request, expect: 'any'}
    if (request.method !== 'GET' || request.changes)
      throw usageError(
        `--all pages a GET list, not ${request.method === 'GET' ? 'a record action' : `a ${request.method}`}`,
      )
    return {kind: 'list', request, paged: true, startPage: 1}
  }
}
