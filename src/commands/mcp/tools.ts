import {BaseCommand, mcpMayApply, type Plan} from '@invoicing-cli/core/internal'

import {toolList} from '../../mcp/tool-list.js'
import {mcpBaseFlags, selectionFlags, selectionOf} from './selection.js'

const {profile, debug} = mcpBaseFlags

/** `cli mcp tools`: the tools `cli mcp serve` would offer with the same flags, with their schemas, as JSON. */
export default class McpTools extends BaseCommand {
  static summary = 'Print the tools `cli mcp serve` offers with these flags, with their input schemas, as JSON.'
  static description =
    "The same list the server answers to tools/list: each tool's name, title, description, input schema (from the " +
    'registry: families as an enum, the filters the server knows) and annotations. Sends nothing upstream.'

  static examples = ['<%= config.bin %> mcp tools', '<%= config.bin %> mcp tools --read-only --toolsets read']

  static baseFlags = {profile, debug}
  static flags = selectionFlags

  protected async plan(): Promise<Plan> {
    const s = await this.settings()
    const tools = toolList(selectionOf(this.flags, mcpMayApply(s.profile, s.saved)))
    return {kind: 'local', result: {tools}, text: JSON.stringify({tools}, null, 2)}
  }
}
