import {Args} from '@oclif/core'
import {warningLabel} from '../../output/color.js'
import {writeErr} from '../../output/write.js'
import {readPlan, type SavedPlan} from '../../pipeline/plan-file.js'
import {fullUrl} from '../../plan/request.js'
import {BaseCommand, type Plan} from '../base-command.js'

/** The plan as people read it: where it goes, what it checks, each request. */
function planText(plan: SavedPlan, edited: boolean): string {
  const lines = [
    `plan ${plan.family} ${plan.verb}, made ${plan.created_at} by: ${plan.command}`,
    `profile "${plan.profile}", server ${plan.base_url}; SHA-256 ${plan.sha256}${edited ? ' (EDITED since)' : ''}`,
  ]
  if (plan.targets.length > 0) {
    lines.push('checked before sending (apply stops if one changed):')
    for (const t of plan.targets) lines.push(`  ${t.family} ${t.id}, updated_at ${JSON.stringify(t.updated_at)}`)
  }
  lines.push(
    `${plan.requests.length === 1 ? 'the request' : `${plan.requests.length} requests, in order`}, each sent once:`,
  )
  for (const [i, r] of plan.requests.entries()) {
    lines.push(`  ${i + 1}. ${r.method} ${fullUrl(plan.base_url, r)}`)
    if (r.body !== undefined) lines.push(`     ${JSON.stringify(r.body)}`)
    const fallback = r.fallback
    if (fallback) {
      const instead = `${fallback.request.method} ${fallback.request.path}`
      lines.push(`     if the server answers ${fallback.after.join(' or ')} (no such route): ${instead} instead`)
    }
  }
  return `${lines.join('\n')}\n`
}

/** `cli plan show FILE`: a saved plan, readably (json: the plan itself). Reads nothing from the server. */
export default class PlanShow extends BaseCommand {
  static summary = 'Show a plan saved with --save-plan: where it goes, the records it checks, each request.'
  static description =
    'Sends nothing upstream. A plan whose SHA-256 no longer matches its content is shown with a warning: cli apply ' +
    'refuses it.'

  static examples = [
    '<%= config.bin %> plan show notes.plan.json',
    '<%= config.bin %> plan show notes.plan.json --output json',
  ]
  static args = {file: Args.string({description: 'The plan file.', required: true})}

  protected async plan(): Promise<Plan> {
    let edited = false
    const plan = await readPlan(this.args.file ?? '', () => {
      edited = true
    })
    if (edited) writeErr(`${warningLabel()} the plan was edited after it was saved: cli apply refuses it`)
    return {kind: 'local', result: plan, text: planText(plan, edited)}
  }
}
