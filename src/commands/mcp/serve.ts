import {agentMayApply, BaseCommand, type Plan, readPolicy} from '@invoicing-cli/core/internal'

import {mcpBaseFlags, passedFlags, selectionFlags, selectionOf} from './selection.js'

/**
 * `cli mcp serve`: the profile's records for an AI agent, as a stdio MCP server (src/mcp/server.ts, loaded only
 * here, with the SDK). Each tool call runs the CLI's own command in this process.
 */
export default class McpServe extends BaseCommand {
  static summary = 'Serve this profile to an AI agent: a stdio MCP server with a small set of tools.'
  static description =
    'Speaks the Model Context Protocol on standard input and output until the client closes it. Tools: describe, ' +
    'list_records, show_record, history (read), reconcile_preview, failed_emails (month-end), plan_change, ' +
    'undo_plan (plan: saved plans, nothing sent) and apply_plan (apply: `cli apply` with source mcp). Each call runs ' +
    'the same command as `cli` would (list_records sends GET /api/v1/{family} as `cli FAMILY list`), with the ' +
    'active profile (or --profile), and answers its JSON, or its one-line error as a tool error. --read-only (or a ' +
    'read_only or agent_apply: false policy) leaves apply_plan out; --toolsets and --families narrow the tools; ' +
    '`cli mcp tools` prints them with their schemas. See docs/agents.md.'

  static examples = [
    '<%= config.bin %> mcp serve',
    '<%= config.bin %> mcp serve --profile work --read-only',
    '<%= config.bin %> mcp serve --toolsets read,month-end --families invoices,clients,payments',
  ]

  static baseFlags = mcpBaseFlags
  static flags = selectionFlags

  protected async plan(): Promise<Plan> {
    const s = await this.settings()
    const policy = readPolicy(s.profile, s.saved?.policy)
    const selection = selectionOf(this.flags, agentMayApply(policy))
    // The token and base URL are checked now: a server that cannot reach its upstream does not start (exit 4 or 2).
    await this.client(s)
    const {serve} = await import('../../mcp/server.js')
    await serve({
      selection,
      config: this.config,
      passFlags: passedFlags(this.flags),
      policy,
      secrets: () => this.secretsInUse,
      version: this.config.version,
    })
    return {kind: 'local', result: undefined, text: ''}
  }
}
