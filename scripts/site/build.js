// `npm run docs:site [-- --out DIR]`: the docs site, built with VitePress (docs/.vitepress/config.mjs) into site/ (or
// DIR). Its pages are written first into a scratch folder (.tmp/site-src, or --scratch DIR): the hand-written pages
// of docs/ as they are (scripts/site/guides.js), a page per command from what its --help prints, a page per topic, the
// home and the reference index (scripts/site/pages.js), llms.txt and llms-full.txt. The commands are the command
// table's (scripts/reference.js), grouped as root help groups them (src/help.ts topicsByGroup). Needs a build.
import {existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {parseArgs} from 'node:util'

import {GUIDES, loadReference, ROOT} from '../reference.js'
import {commandMarkdown, commandPage} from './command-page.js'
import {guidePages} from './guides.js'
import {homeMarkdown, llmsFullText, llmsText, readmeParts, referenceMarkdown, sidebars} from './pages.js'
import {topicCommands, topicMarkdown} from './pages.js'

const {values} = parseArgs({options: {out: {type: 'string'}, scratch: {type: 'string'}}})
const out = resolve(values.out ?? join(ROOT, 'site'))
const scratch = resolve(values.scratch ?? join(ROOT, '.tmp', 'site-src'))
if (!existsSync(join(ROOT, 'dist', 'help.js')) || !existsSync(join(ROOT, 'oclif.manifest.json'))) {
  console.error('docs:site: no build found; run "npm run build" first')
  process.exit(2)
}

const started = Date.now()
const {bin, commands, config, helpText} = await loadReference()
const {FAMILIES, GROUPS, topicNotes} = await import('@invoicing-cli/core/internal')
const {topicsByGroup} = await import('../../dist/help.js')
const {EXIT_CODES} = await import('../../dist/environment.js')

const topics = [...new Set(commands.map((c) => c.id.split(':')[0]))]
const groups = topicsByGroup(topics, new Map(FAMILIES.map((f) => [f.word, f.group])), GROUPS)
const helps = new Map(commands.map((c) => [c.id, helpText(c)]))
const helpOf = (c) => helps.get(c.id)
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

const pages = guidePages(ROOT)
pages.set('index.md', homeMarkdown({bin, readme, guides: GUIDES, ids: new Set(commands.map((c) => c.id))}))
pages.set('commands/index.md', referenceMarkdown({bin, groups, commands}))
for (const topic of topics) {
  const own = commands.find((c) => c.id === topic)
  const subcommands = topicCommands(commands, topic).filter((c) => c !== own)
  const family = FAMILIES.find((f) => f.word === topic)
  pages.set(
    commandPage(topic),
    own
      ? commandMarkdown({bin, command: own, help: helpOf(own), exitCodes: EXIT_CODES, subcommands})
      : topicMarkdown({
          bin,
          topic,
          description: config.findTopic(topic)?.description,
          notes: family && topicNotes(family, bin),
          commands: subcommands,
        }),
  )
  for (const command of subcommands)
    pages.set(commandPage(command.id), commandMarkdown({bin, command, help: helpOf(command), exitCodes: EXIT_CODES}))
}
// Files in public/ land at the site's root as they are.
const {intro} = readmeParts(readme)
pages.set('public/llms.txt', llmsText({bin, intro, groups, commands}))
pages.set('public/llms-full.txt', llmsFullText({bin, groups, commands, helpOf}))

rmSync(scratch, {recursive: true, force: true})
mkdirSync(scratch, {recursive: true})
// The pages import vue: a scratch folder outside the repository finds it through this link.
if (!scratch.startsWith(ROOT)) symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir')
for (const [path, text] of pages) {
  mkdirSync(dirname(join(scratch, 'src', path)), {recursive: true})
  writeFileSync(join(scratch, 'src', path), text)
}
const siteFile = join(scratch, 'site.json')
writeFileSync(
  siteFile,
  JSON.stringify({
    srcDir: join(scratch, 'src'),
    outDir: out,
    cacheDir: join(scratch, 'cache'),
    sidebar: sidebars({bin, groups, commands, guides: GUIDES}),
  }),
)
console.error(`docs:site: ${pages.size} pages (${commands.length} commands) in ${scratch}`)

// docs/.vitepress/config.mjs reads where and what from this file.
process.env.CLI_SITE = siteFile
const {build} = await import('vitepress')
await build(join(ROOT, 'docs'))
console.error(`docs:site: built ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
