import {Args, Flags} from '@oclif/core'
import {
  FAMILIES,
  describePolicy,
  loadConfig,
  parsePattern,
  readPolicy,
  requireSavedProfile,
  updateConfig,
  usageError,
  warningLabel,
  writeErr,
  type Policy,
} from '@invoicing-cli/core/internal'

import {AuthCommand, localAuthFlags} from '../auth/auth-command.js'

const {profile: _profile, ...flagsWithoutProfile} = localAuthFlags
const RESETTABLE = ['read_only', 'allow', 'deny', 'max_amount', 'require_plan', 'agent_apply']

/** A pattern whose family or verb no command of the CLI has: said, not refused (a plugin's command may). */
function warnUnknown(pattern: string): void {
  const [familyPart, verbPart] = pattern.split(':')
  if (familyPart.includes('*')) return
  const family = FAMILIES.find((f) => f.word === familyPart)
  if (!family) return writeErr(`${warningLabel()} no family of the CLI is named ${familyPart} (in ${pattern})`)
  if (verbPart.includes('*')) return
  const verbs = new Set<string>([...family.verbs, ...family.operations.map((o) => o.name), ...family.actions])
  if (!verbs.has(verbPart))
    writeErr(`${warningLabel()} ${familyPart} has no verb or action ${verbPart} (in ${pattern}): it matches nothing`)
}

export default class ProfilePolicy extends AuthCommand {
  static summary = "Set or show a profile's policy: the changes it may make (a local guardrail)."
  static description =
    'Every change, from any command, cli apply, cli undo, cli api, a runner, a plugin or the MCP server, is checked ' +
    'against the policy of the profile in use before it is saved or sent; a refusal exits 3 naming the rule, with ' +
    'nothing sent. Patterns are family:verb (an action counts as a verb), * for any: invoices:*, *:delete. The flags ' +
    'given change those rules and keep the others. It is a local guardrail: a server user with only view permissions ' +
    'is the hard limit (docs/teams.md). Sends nothing upstream: it works on the config file.'

  static examples = [
    '<%= config.bin %> profile policy ci --read-only',
    '<%= config.bin %> profile policy bookkeeper --allow "payments:*" --allow "invoices:*" --deny "*:delete"',
    '<%= config.bin %> profile policy agent --max-amount 500 --no-agent-apply',
    '<%= config.bin %> profile policy team --require-plan',
    '<%= config.bin %> profile policy ci --show',
  ]

  static baseFlags = flagsWithoutProfile
  static args = {name: Args.string({description: 'A saved profile (cli auth list shows them).', required: true})}
  static flags = {
    show: Flags.boolean({description: 'Print the policy (also what any other flag prints after the change).'}),
    'read-only': Flags.boolean({allowNo: true, description: 'No change at all, by any road.'}),
    allow: Flags.string({multiple: true, description: 'Only changes these family:verb patterns name (the new list).'}),
    deny: Flags.string({multiple: true, description: 'No change these family:verb patterns name (the new list).'}),
    'max-amount': Flags.string({description: 'The largest amount one change may move (plan totals, target balances).'}),
    'require-plan': Flags.boolean({allowNo: true, description: 'Changes only through cli apply of a saved plan.'}),
    'agent-apply': Flags.boolean({allowNo: true, description: 'Whether the MCP server may apply (not only plan).'}),
    reset: Flags.string({multiple: true, options: RESETTABLE, description: 'Remove this rule from the policy.'}),
    clear: Flags.boolean({description: 'Remove the whole policy.'}),
  }

  protected async act() {
    const name = this.args.name ?? ''
    requireSavedProfile(name, 'profile policy', await loadConfig(this.config.configDir))
    const change = this.change()
    let policy: Policy = {}
    if (change)
      await updateConfig(this.config.configDir, (config) => {
        requireSavedProfile(name, 'profile policy', config)
        // --clear reads nothing: it also mends a policy this version cannot read.
        policy = this.flags.clear ? {} : change(readPolicy(name, config.profiles[name].policy))
        if (Object.keys(policy).length === 0) delete config.profiles[name].policy
        else config.profiles[name].policy = policy as Record<string, unknown>
      })
    else policy = readPolicy(name, (await loadConfig(this.config.configDir)).profiles[name].policy)
    return {
      result: {profile: name, policy},
      text: [`policy of profile "${name}":`, ...describePolicy(policy).map((l) => `  ${l}`)].join('\n'),
    }
  }

  /** What the flags change, as a function of the saved policy; undefined when they change nothing (a show). */
  private change(): ((saved: Policy) => Policy) | undefined {
    const f = this.flags
    const set: Policy = {}
    if (f['read-only'] !== undefined) set.read_only = f['read-only'] as boolean
    if (f['require-plan'] !== undefined) set.require_plan = f['require-plan'] as boolean
    if (f['agent-apply'] !== undefined) set.agent_apply = f['agent-apply'] as boolean
    for (const list of ['allow', 'deny'] as const)
      if (f[list] !== undefined) set[list] = (f[list] as string[]).map(parsePattern)
    if (f['max-amount'] !== undefined) set.max_amount = this.maxAmount(f['max-amount'] as string)
    const reset = (f.reset as string[] | undefined) ?? []
    const clash = reset.find((r) => r in set)
    if (clash) throw usageError(`--reset ${clash} and a flag setting ${clash} contradict each other: give one`)
    if (f.clear && (reset.length > 0 || Object.keys(set).length > 0))
      throw usageError('--clear removes the whole policy: give it alone')
    if (!f.clear && reset.length === 0 && Object.keys(set).length === 0) return undefined
    ;[...(set.allow ?? []), ...(set.deny ?? [])].forEach(warnUnknown)
    return (saved) => {
      if (f.clear) return {}
      const next: Policy = {...saved, ...set}
      for (const r of reset) delete next[r as keyof Policy]
      // Booleans at their default are left out: the file says only what restricts.
      for (const r of ['read_only', 'require_plan'] as const) if (next[r] === false) delete next[r]
      if (next.agent_apply === true) delete next.agent_apply
      return next
    }
  }

  private maxAmount(text: string): number {
    const n = Number(text)
    if (text.trim() === '' || !Number.isFinite(n) || n < 0)
      throw usageError(`--max-amount must be a number of 0 or more (${JSON.stringify(text).slice(0, 40)} is not)`)
    return n
  }
}
