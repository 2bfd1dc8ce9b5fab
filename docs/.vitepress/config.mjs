// VitePress's configuration of the docs site. `npm run docs:site` (scripts/site/build.js) writes the pages into a
// scratch folder and names, in the file CLI_SITE points to, that folder, where the site goes and its sidebar.
import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

import {defineConfig} from 'vitepress'

const site = JSON.parse(readFileSync(process.env.CLI_SITE ?? 'CLI_SITE is unset: run npm run docs:site', 'utf8'))
// Headings get the anchors GitHub gives them, so that the guides' links (usage.md#payloads) work on both.
const oclifRequire = createRequire(fileURLToPath(new URL('../../node_modules/oclif/package.json', import.meta.url)))
const {slug} = await import(oclifRequire.resolve('github-slugger'))

export default defineConfig({
  title: 'invoicing-cli',
  description: 'The cli command for the Invoice Ninja v5 REST API: every command, the guides, searchable offline.',
  // No favicon to fetch (a browser asks for /favicon.ico otherwise, and gets a 404).
  head: [['link', {rel: 'icon', href: 'data:,'}]],
  srcDir: site.srcDir,
  outDir: site.outDir,
  cacheDir: site.cacheDir,
  // Pages are served as the .html files they are: any static server, or none, shows them.
  cleanUrls: false,
  lastUpdated: false,
  // The site's data (the sidebars) in one chunk the browser caches, not inlined into every page.
  metaChunk: true,
  markdown: {anchor: {slugify: slug}},
  themeConfig: {
    nav: [
      {text: 'Guides', link: '/usage'},
      {text: 'Commands', link: '/commands/'},
      {text: 'llms.txt', link: '/llms.txt', target: '_self'},
    ],
    sidebar: site.sidebar,
    outline: {level: [2, 3]},
    search: {
      provider: 'local',
      options: {
        // The global flags, the same on every command, are left out of the index: a search finds a command's own.
        _render: (src, env, md) => md.render(src.replace(/^## Global flags\n[^]*?(?=^## )/m, ''), env),
      },
    },
  },
})
