import {readFileSync} from 'node:fs'
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {startUpstream} from './support/upstream.js'
import {BIN} from './support/cli.js'
import {invoiceLike} from '../bench/records.js'
const up = await startUpstream({latencyMs: 0})
up.seed('invoices', Array.from({length: 20}, (_, i) => ({...invoiceLike(i), id: `Bench${String(i).padStart(5, '0')}`})))
const transport = new StdioClientTransport({command: process.execPath, args: process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', BIN, 'mcp', 'serve'] : [BIN, 'mcp', 'serve'], env: {PATH: process.env.PATH!, HOME: '/tmp', CLI_BASE_URL: up.url, CLI_API_TOKEN: up.token}, stderr: 'inherit'})
const c = new Client({name: 'x', version: '1'})
await c.connect(transport)
const cpu = () => { const f = readFileSync(`/proc/${transport.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10 }
for (const tool of ['describe', 'list_records', 'describe', 'list_records']) {
  for (let i = 0; i < 20; i++) await c.callTool({name: tool, arguments: {family: 'invoices'}})
  const before = cpu(); const self0 = process.cpuUsage()
  const N = 300
  for (let i = 0; i < N; i++) await c.callTool({name: tool, arguments: {family: 'invoices'}})
  const s = process.cpuUsage(self0)
  console.log(tool, 'server CPU ms/call', ((cpu() - before) / N).toFixed(2), 'client+stand-in CPU ms/call', ((s.user + s.system) / 1000 / N).toFixed(2))
}
await c.close(); await up.close()
