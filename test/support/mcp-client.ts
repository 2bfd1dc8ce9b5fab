/**
 * An MCP client from the official SDK, spawning the real `bin/run.js mcp serve` (stdio), for the MCP server's tests:
 * what a tool call answers, what the server wrote on stderr, and anything on stdout that was not the protocol.
 */
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'

import {baseEnv, BIN, makeHome, ROOT} from './cli.js'

export interface ToolAnswer {
  isError: boolean
  /** The texts of the result's content, in order. */
  texts: string[]
  /** The first text as JSON, when it is JSON. */
  json?: unknown
}

export interface McpSession {
  client: Client
  call(name: string, args?: Record<string, unknown>): Promise<ToolAnswer>
  /** What the server wrote on stderr so far. */
  stderr(): string
  /** Errors the client's transport met (a line on stdout that was not JSON-RPC, say). */
  protocolErrors: Error[]
  close(): Promise<void>
}

/** Starts `cli mcp serve ARGS` in a fresh home (or `home`) with `env`, and connects an SDK client to it. */
export async function startMcp(
  args: string[],
  env: Record<string, string>,
  opts: {home?: string} = {},
): Promise<McpSession> {
  const temp = opts.home ? undefined : makeHome()
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', 'serve', ...args],
    env: {...baseEnv(opts.home ?? temp!.home), ...env},
    cwd: ROOT,
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
  const protocolErrors: Error[] = []
  const client = new Client({name: 'invoicing-cli-tests', version: '1.0.0'})
  client.onerror = (e) => protocolErrors.push(e)
  await client.connect(transport)
  return {
    client,
    async call(name, callArgs = {}) {
      const r = (await client.callTool({name, arguments: callArgs})) as {
        isError?: boolean
        content: Array<{type: string; text?: string}>
      }
      const texts = r.content.map((c) => c.text ?? '')
      let json: unknown
      try {
        json = JSON.parse(texts[0] ?? '')
      } catch {
        json = undefined
      }
      return {isError: r.isError === true, texts, json}
    },
    stderr: () => stderr,
    protocolErrors,
    async close() {
      await client.close()
      temp?.cleanup()
    },
  }
}
