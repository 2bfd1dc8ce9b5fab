// A command's page on the docs site, from what `--help` prints for it (scripts/reference.js): its usage, arguments,
// flags (each under a heading of its own, so that the site's search finds `--client-id`), global flags, description,
// the server route it calls, examples, and the exit codes it can give. Pure: text in, Markdown out.

/** Where a command's page is: `invoices:create` → commands/invoices/create.md; a topic's own command, the topic's. */
export const commandPage = (id) => {
  const [topic, ...rest] = id.split(':')
  return rest.length === 0 ? `commands/${topic}.md` : `commands/${topic}/${rest.join('/')}.md`
}

/** Text shown as it is in Markdown prose: every character Markdown or Vue would read as markup, as an entity. */
export const plain = (text) => text.replaceAll(/[\\`*_[\]<>{}|#&]/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The sections of a help text: `USAGE`, `FLAGS`, ... (a line in capitals at column 0) → their lines. */
export function helpSections(help) {
  const sections = new Map()
  let lines
  for (const line of help.split('\n')) {
    if (/^[A-Z][A-Z ]+$/.test(line)) sections.set(line, (lines = []))
    else if (lines) lines.push(line)
  }
  for (const [name, body] of sections) {
    while (body.length > 0 && body.at(-1).trim() === '') body.pop()
    sections.set(name, body)
  }
  return sections
}

/** Lines with their common indentation removed. */
const dedent = (lines) => {
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length))
  return lines.map((l) => l.slice(indent))
}

const block = (lines, lang = 'text') => ['```' + lang, ...dedent(lines), '```']

/** A flag section's entries: the flag as help shows it (`-o, --output=<option>`) and its words, unwrapped. */
export function flagEntries(lines) {
  const entries = []
  for (const line of lines) {
    const start = /^ {2,6}(-[^ ].*?)(?: {2,}(.*))?$/.exec(line)
    if (start) entries.push({label: start[1], words: [start[2] ?? '']})
    else if (entries.length > 0 && line.trim()) entries.at(-1).words.push(line.trim())
  }
  return entries.map(({label, words}) => ({label, text: words.join(' ').trim()}))
}

/** "POST /api/v1/invoices" and the like: the description's "Calls ..." sentences, else each route it names. */
export function serverRoutes(help) {
  const text = (helpSections(help).get('DESCRIPTION') ?? []).map((l) => l.trim()).join(' ')
  const calls = [...text.matchAll(/Calls ([^.]*(?:\.\w[^.]*)*)\./g)].map((m) => m[1])
  if (calls.length > 0) return calls
  return [...new Set(text.match(/\b(?:GET|POST|PUT|PATCH|DELETE) \/api\/v1\/[^\s;,)]*/g) ?? [])]
}

/** The exit codes a command can give, as numbers: read from its flags and from the codes its help names. */
export function exitCodesOf(command, help, exitCodes) {
  const flags = command.flags ?? {}
  const words = help.replaceAll(/\s+/g, ' ')
  const codes = new Set([0, 2, 129, 130, 143])
  if (flags['base-url']) codes.add(1).add(4)
  if (flags.yes) codes.add(3)
  if (flags.all) codes.add(5)
  for (const [, code] of words.matchAll(/\bexit(?:s| code is| code| with)? (\d+)\b/g))
    if (exitCodes[code]) codes.add(Number(code))
  return [...codes].sort((a, b) => a - b)
}

/** The Markdown of a command's page. `exitCodes`: every code and what it means (src/environment.ts). */
export function commandMarkdown({bin, command, help, exitCodes, subcommands = []}) {
  const words = `${bin} ${command.id.replaceAll(':', ' ')}`
  const sections = helpSections(help)
  const out = [`# ${words}`, '', plain(command.summary ?? command.description?.split('\n')[0] ?? ''), '']
  const usage = sections.get('USAGE')
  if (usage) out.push('## Usage', '', ...block(usage), '')
  const args = sections.get('ARGUMENTS')
  if (args) out.push('## Arguments', '', ...block(args), '')
  for (const [name, lines] of sections) {
    if (!name.endsWith('FLAGS') || name === 'GLOBAL FLAGS') continue
    out.push(`## ${name[0]}${name.slice(1).toLowerCase()}`, '')
    for (const {label, text} of flagEntries(lines)) out.push(`### \`${label}\``, '', plain(text), '')
  }
  const global = sections.get('GLOBAL FLAGS')
  if (global) out.push('## Global flags', '', ...block(global), '')
  const description = sections.get('DESCRIPTION')
  if (description) out.push('## Description', '', ...block(description), '')
  const routes = serverRoutes(help)
  out.push('## Server route', '')
  // The method and path as code, what the sentence says after them as it is: `POST /api/v1/invoices/bulk` (one id).
  const route = (r) => r.replace(/\.$/, '').replace(/^(\S+ \S+)(.*)$/, (_, call, rest) => `\`${call}\`${plain(rest)}`)
  if (routes.length > 0) out.push(...routes.map((r) => `- ${route(r)}`), '')
  else
    out.push(
      command.flags?.['base-url']
        ? 'No fixed route: the description says what it sends, if anything.'
        : 'None: it works locally.',
      '',
    )
  const examples = sections.get('EXAMPLES')
  if (examples) out.push('## Examples', '', ...block(examples), '')
  out.push('## Exit codes', '', '| code | meaning |', '|---|---|')
  for (const code of exitCodesOf(command, help, exitCodes)) out.push(`| ${code} | ${plain(exitCodes[code])} |`)
  out.push('', 'Every code, and the environment variables: [Environment and exit codes](/environment.md).', '')
  if (subcommands.length > 0) out.push(...commandTable(bin, subcommands, `## Commands under \`${words}\``))
  return out.join('\n')
}

/** A table of commands linking their pages, under a heading. */
export function commandTable(bin, commands, heading) {
  return [
    heading,
    '',
    '| command | what it does |',
    '|---|---|',
    ...commands.map(
      (c) =>
        `| [\`${bin} ${c.id.replaceAll(':', ' ')}\`](/${commandPage(c.id)}) | ` +
        `${plain(c.summary ?? c.description?.split('\n')[0] ?? '')} |`,
    ),
    '',
  ]
}
