/** The verbs that read: list, show, template and edit-template. */
import {Flags} from '@oclif/core'

import type {Plan} from '../base-command.js'
import {includeFlag, listFlags} from '../flags.js'
import type {Family, Verb} from '../../registry/types.js'
import {editTemplateRequest, listRequest, showRequest, templateRequest} from '../../plan/routes.js'
import {checkFilters} from './list-filters.js'
import {pagedPerPage} from '../../http/paging-rules.js'
import {withStatusFilter} from './status-filter.js'
import {idArg, ResourceCommand} from './verbs.js'

const listValidateFlag = {
  'no-validate': Flags.boolean({
    summary: 'Send --filter names and values unchecked (the server ignores unknown ones).',
  }),
}

export class ListVerb extends ResourceCommand {
  static verb: Verb = 'list'
  static argsFor = () => ({})
  static flagsFor = () => ({...listFlags, ...includeFlag, ...listValidateFlag})

  protected async plan(): Promise<Plan> {
    const filters = withStatusFilter(this.str('status'), this.flags.filter as string[] | undefined, this.family.word)
    if (!this.flags['no-validate']) checkFilters(this.family.word, filters, this.str('status') !== undefined)
    const all = Boolean(this.flags.all)
    const limit = this.flags.limit as number | undefined
    const paged = all || limit !== undefined
    let sort = this.str('sort')
    // Multi-page listings need a stable order (the upstream guarantees none): id|asc unless --sort.
    if (paged && sort === undefined) sort = 'id|asc'
    const {columns, include} = this.printedColumns('list')
    const request = listRequest(this.family, {
      // Several pages: the largest the server gives (or what --limit needs), so the page cap reaches far.
      perPage: (this.flags['per-page'] as number | undefined) ?? (paged ? pagedPerPage(limit) : undefined),
      page: paged ? undefined : (this.flags.page as number | undefined),
      sort,
      filters,
      include,
    })
    const startPage = (this.flags.page as number | undefined) ?? 1
    const concurrency = this.flags.concurrency as number | undefined
    return {kind: 'list', request, paged, startPage, limit, concurrency, columns}
  }
}

export class ShowVerb extends ResourceCommand {
  static verb: Verb = 'show'
  static argsFor = (f: Family) => idArg(f)
  static flagsFor = () => ({...includeFlag})

  protected async plan(): Promise<Plan> {
    const {columns, include} = this.printedColumns('record')
    const request = showRequest(this.family, await this.recordId(this.id_), include)
    return {kind: 'send', request, expect: 'json', columns}
  }
}

export class TemplateVerb extends ResourceCommand {
  static verb: Verb = 'template'
  static argsFor = () => ({})
  static flagsFor = () => ({})

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: templateRequest(this.family), expect: 'json'}
  }
}

export class EditTemplateVerb extends ResourceCommand {
  static verb: Verb = 'edit-template'
  static argsFor = (f: Family) => idArg(f)
  static flagsFor = () => ({})

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: editTemplateRequest(this.family, await this.recordId(this.id_)), expect: 'json'}
  }
}
