// The site's own pages (the home, the reference index, a topic's page), its sidebar and its plain-text digests
// (llms.txt, llms-full.txt), from the commands grouped as root help groups them. Pure: data in, text out.
import {commandPage, commandTable, plain} from './command-page.js'

const words = (id) => id.replaceAll(':', ' ')
const summaryOf = (c) => c.summary ?? c.description?.split('\n')[0] ?? ''
const link = (path) => `/${path.replace(/(?:index)?\.md$/, '')}`

/** A topic's commands: the topic's own first (backup), then the others by id. */
export const topicCommands = (commands, topic) => commands.filter((c) => c.id === topic || c.id.startsWith(`${topic}:`))

/**
 * The sidebars: the guides, then each group of root help with its topics. Under /commands/TOPIC (its page and its
 * commands' pages) that topic lists its commands too; a sidebar listing every command everywhere would be most of
 * each page's weight.
 */
export function sidebars({bin, groups, commands, guides}) {
  const sidebarFor = (open) => [
    {
      text: 'Guides',
      items: [
        {text: 'Home', link: '/'},
        ...guides.map(([file, title]) => ({text: title.split(':')[0], link: link(file)})),
        {text: 'Environment and exit codes', link: '/environment'},
        {text: 'Command reference', link: '/commands/'},
      ],
    },
    ...[...groups].map(([group, topics]) => ({
      text: group,
      collapsed: false,
      items: topics.map((topic) => {
        const sub = topicCommands(commands, topic).filter((c) => c.id !== topic)
        const item = {text: `${bin} ${topic}`, link: link(commandPage(topic))}
        if (topic !== open || sub.length === 0) return item
        return {...item, collapsed: false, items: sub.map((c) => ({text: words(c.id), link: link(commandPage(c.id))}))}
      }),
    })),
  ]
  // VitePress takes the first key the page's path starts with (among keys as deep): longer topics first, so that
  // a topic that begins another's name never takes its pages.
  const topics = [...groups.values()].flat().sort((a, b) => b.length - a.length || a.localeCompare(b))
  return Object.fromEntries([...topics.map((t) => [`/commands/${t}`, sidebarFor(t)]), ['/', sidebarFor()]])
}

/** A topic's page when the topic is no command itself: what `cli TOPIC` says, and its commands. */
export function topicMarkdown({bin, topic, description, notes, commands}) {
  return [
    `# ${bin} ${topic}`,
    '',
    plain(description ?? ''),
    '',
    ...(notes ? ['```text', `$ ${bin} ${topic}`, notes.trimEnd(), '```', ''] : []),
    ...commandTable(bin, commands, '## Commands'),
  ].join('\n')
}

/** The reference index: each group of root help, its topics and their commands. */
export function referenceMarkdown({bin, groups, commands}) {
  return [
    '# Command reference',
    '',
    `Every command of \`${bin}\`, grouped as \`${bin} --help\` groups them; each page is generated from the ` +
      'command itself, as `--help` prints it. The same reference as plain text: [llms.txt](/llms.txt) (a line a ' +
      'command) and [llms-full.txt](/llms-full.txt) (every help page).',
    '',
    ...[...groups].flatMap(([group, topics]) =>
      commandTable(
        bin,
        topics.flatMap((t) => topicCommands(commands, t)),
        `## ${group}`,
      ),
    ),
  ].join('\n')
}

/** The README's parts the home page shows: its first paragraph, its first sh block, its everyday tasks. */
export function readmeParts(readme) {
  const intro = /^# .*\n\n([^]*?)\n\n/.exec(readme)?.[1] ?? ''
  const start = /^```sh\n([^]*?)^```$/m.exec(readme)?.[1] ?? ''
  const tasksSection = /^## Everyday tasks\n([^]*?)^## /m.exec(readme)?.[1] ?? ''
  const tasks = []
  for (const line of (/^```sh\n([^]*?)^```$/m.exec(tasksSection)?.[1] ?? '').split('\n')) {
    if (line.startsWith('# ')) tasks.push({what: line.slice(2), commands: []})
    else if (tasks.length > 0 && line.trim()) tasks.at(-1).commands.push(line.trim())
  }
  return {intro, start, tasks}
}

/** The command a command line runs: the longest id its words start with. */
export function commandOf(line, bin, ids) {
  const argv = line.split(/\s+/)
  if (argv[0] !== bin) return undefined
  for (let n = argv.length - 1; n > 0; n--) {
    const id = argv.slice(1, n + 1).join(':')
    if (ids.has(id)) return id
  }
  return undefined
}

/** The home page: what the CLI is, the README's two first commands, the everyday tasks linked to their pages. */
export function homeMarkdown({bin, readme, guides, ids}) {
  const {intro, start, tasks} = readmeParts(readme)
  const taskLines = tasks.flatMap(({what, commands}) => {
    const linked = commands
      .map((line) => [line, commandOf(line, bin, ids)])
      .filter(([, id]) => id)
      .map(([line, id]) => `[\`${line}\`](${link(commandPage(id))})`)
    return linked.length > 0 ? [`- ${plain(what)}: ${linked.join(', ')}`] : []
  })
  return [
    '---',
    'layout: home',
    'hero:',
    '  name: invoicing-cli',
    "  tagline: 'Invoice Ninja from the command line: every resource family, correct to the wire, safe with money",
    "    records, scriptable.'",
    '  actions:',
    '    - {theme: brand, text: Get started, link: /setup}',
    '    - {theme: alt, text: Command reference, link: /commands/}',
    '---',
    '',
    '## What it is',
    '',
    intro,
    '',
    '## Try it',
    '',
    'On a fresh clone:',
    '',
    '```sh',
    start.trimEnd(),
    '```',
    '',
    '## Everyday tasks',
    '',
    ...taskLines,
    '',
    '## Guides',
    '',
    ...guides.map(([file, title]) => `- [${title}](${file})`),
    '- [Environment variables and exit codes](environment.md)',
    '- [Command reference](commands/index.md)',
    '',
  ].join('\n')
}

/** llms.txt: what the CLI is, then every command with its summary and page, by group. */
export function llmsText({bin, intro, groups, commands}) {
  return [
    '# invoicing-cli',
    '',
    `> ${intro.replaceAll('\n', ' ')}`,
    '',
    `Every command's whole help page: /llms-full.txt. \`${bin} COMMAND --help\` prints the same.`,
    '',
    ...[...groups].flatMap(([group, topics]) => [
      `## ${group}`,
      '',
      ...topics
        .flatMap((t) => topicCommands(commands, t))
        .map((c) => `- [${bin} ${words(c.id)}](${link(commandPage(c.id))}.html): ${summaryOf(c)}`),
      '',
    ]),
  ].join('\n')
}

/** llms-full.txt: every command's help, as `--help` prints it, by group. */
export function llmsFullText({bin, groups, commands, helpOf}) {
  return [
    `# ${bin}: every command's help`,
    '',
    ...[...groups].flatMap(([group, topics]) =>
      topics
        .flatMap((t) => topicCommands(commands, t))
        .flatMap((c) => [`## ${bin} ${words(c.id)} (${group})`, '', helpOf(c).trimEnd(), '']),
    ),
  ].join('\n')
}
