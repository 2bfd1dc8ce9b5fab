/**
 * The base of a plugin's command that changes records: extending it is the whole declaration. It is mutating (the
 * guardrail: --yes, or --dry-run to see the request), and takes --yes and --quiet (no summary line) beside the
 * shared flags. A record command otherwise (verbs.ts ResourceCommand): `static family`, keys, the summary line.
 */
import {baseFlags, changeFlags} from '../flags.js'
import {ResourceCommand} from './verbs.js'

export abstract class ChangeCommand extends ResourceCommand {
  static mutating = true
  static baseFlags = {...baseFlags, ...changeFlags}
}
