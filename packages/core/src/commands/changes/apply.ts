import {Args} from '@oclif/core'
import {PLACEHOLDER_BASE_URL} from '../../config/config.js'
import {BaseCommand, type Plan} from '../base-command.js'
import {yesFlag} from '../flags.js'
import {appliedPlan, checkNotApplied, checkPlanHome, checkPlanTargets} from '../../pipeline/apply.js'
import {readJournal} from '../../pipeline/journal.js'
import type {ChangeContext, ChangeSource} from '../../pipeline/change.js'
import {readPlan, type SavedPlan} from '../../pipeline/plan-file.js'

/** `cli apply FILE --yes`: a plan saved by --save-plan, sent only if it still holds (pipeline/apply.ts). */
export default class Apply extends BaseCommand {
  static summary = 'Send a plan saved with --save-plan: each request once, only if nothing changed since it was saved.'
  static description =
    'Reads FILE (its SHA-256 must match: an edited plan is refused), checks that this run uses the profile and base ' +
    'URL the plan was made for, and reads each record the plan changes again (GET /api/v1/{family}/{id}): if any ' +
    "record's updated_at changed, " +
    'it exits 6 ("stale plan"), naming what changed, and sends nothing. Otherwise it sends each request once, in ' +
    'order, as the command would have; every change is written to the journal (cli history) with source "apply". A ' +
    'plan the journal shows applied already is stale too: it is never sent twice.'

  static examples = [
    '<%= config.bin %> invoices update WJxbojagwO --field public_notes=Thanks --save-plan notes.plan.json',
    '<%= config.bin %> plan show notes.plan.json',
    '<%= config.bin %> apply notes.plan.json --yes',
  ]

  static args = {file: Args.string({description: 'The plan file (--save-plan FILE).', required: true})}
  static flags = {yes: yesFlag.yes}
  static mutating = true

  private saved?: SavedPlan

  /** `apply`; the MCP server's apply says `mcp` (in-process.ts). */
  protected changeSource(): ChangeSource {
    return 'apply'
  }

  protected changeContext(profile: string, baseUrl: string): ChangeContext {
    const plan = this.saved!
    return {
      source: this.changeSource(),
      profile,
      baseUrl,
      family: plan.family,
      verb: plan.verb,
      planSha256: plan.sha256,
    }
  }

  protected async plan(): Promise<Plan> {
    const saved = await readPlan(this.args.file ?? '')
    this.saved = saved
    // Refused before anything is read.
    this.checkGuardrail()
    checkNotApplied(saved, await readJournal())
    const s = await this.settings()
    checkPlanHome(saved, {profile: s.profile, baseUrl: s.baseUrl ?? PLACEHOLDER_BASE_URL})
    this.knownBefore = await checkPlanTargets(saved, (await this.reader()).read)
    return appliedPlan(saved)
  }
}
