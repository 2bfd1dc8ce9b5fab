/**
 * `cli mcp serve`'s server: the official MCP SDK's low-level Server on stdio, answering tools/list with the
 * selection's tools (tool-list.ts) and tools/call by running them (toolbox.ts). Loaded only by `cli mcp serve`, and
 * the SDK only from here, by import() (a static import would load it at every start of the bundled CLI). Resolves
 * when the client closes standard input.
 */
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'
import {keepConnections} from '@invoicing-cli/core/internal'

import {captureStdio} from './command-run.js'
import {toolbox, type ToolboxOptions} from './toolbox.js'
import {toolList} from './tool-list.js'

const INSTRUCTIONS =
  'Invoice Ninja records through invoicing-cli. Read with describe, list_records and show_record. To change ' +
  'anything: plan_change, show the person the plan (its requests and summary), and only once they agree, ' +
  'apply_plan with its plan_id. A stale or refused plan is an error: plan again.'

export async function serve(opts: ToolboxOptions & {version: string}): Promise<void> {
  const [{Server}, {StdioServerTransport}, {CallToolRequestSchema, ListToolsRequestSchema}, {Writable}] =
    await Promise.all([
      import('@modelcontextprotocol/sdk/server/index.js'),
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('@modelcontextprotocol/sdk/types.js'),
      import('node:stream'),
    ])
  // Calls reuse the connections of the calls before them.
  keepConnections()
  const box = await toolbox(opts)
  const tools = toolList(opts.selection)
  const server = new Server(
    {name: 'invoicing-cli', version: opts.version},
    {capabilities: {tools: {}}, instructions: INSTRUCTIONS},
  )
  server.setRequestHandler(ListToolsRequestSchema, async () => ({tools}))
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> =>
    box.call(request.params.name, request.params.arguments),
  )
  const write = captureStdio()
  const protocolOut = new Writable({write: (chunk: Buffer, _encoding, done) => write(chunk, done)})
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve()
    process.stdin.once('end', () => void server.close())
  })
  await server.connect(new StdioServerTransport(process.stdin, protocolOut))
  await closed
}
