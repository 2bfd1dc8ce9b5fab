/** The verbs that read: list, show, template and edit-template. */
import {Flags} from '@oclif/core'

import type {Plan} from '../base-command.js'
import {includeFlag, listFlags} from '../flags.js'
import type {Family, Verb} from '../../registry/types.js'
import {editTemplateRequest, showRequest, templateRequest} from '../../plan/routes.js'
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
    return this.listPlan()
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
