// The hand-written pages of docs/ on the site, as they are: docs/x.md is the site's x.md, so links between them
// stand unchanged. A Markdown file outside docs/ that they link (../README.md) comes along under repo/, and the links
// to and from it are rewritten to reach the same files on the site. docs/index.md, the Markdown reference's index, is
// the site's commands/index.md; docs/commands/*.md are the site's generated topic pages.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {posix} from 'node:path'

/** Where a file of the repository is on the site. */
export const siteOf = (repoPath) =>
  repoPath === 'docs/index.md'
    ? 'commands/index.md'
    : repoPath.startsWith('docs/')
      ? repoPath.slice('docs/'.length)
      : `repo/${repoPath}`

const FENCE = /^```[^]*?^```$/gm

/** `text` (the file at `repoPath`) with its relative links made to reach their files on the site; `found` gets
 * each Markdown file of the repository they link. */
export function relink(text, repoPath, exists, found) {
  const from = posix.dirname(siteOf(repoPath))
  const rewrite = (prose) =>
    prose.replaceAll(/\]\(([^)\s]+)\)/g, (link, target) => {
      if (/^[a-z]+:/.test(target) || target.startsWith('#')) return link
      const [path, anchor] = target.split('#')
      const file = posix.normalize(posix.join(posix.dirname(repoPath), path))
      if (!file.endsWith('.md') || !exists(file)) return link
      found(file)
      const to = posix.relative(from, siteOf(file))
      return `](${to}${anchor === undefined ? '' : `#${anchor}`})`
    })
  // Code blocks are left alone: a link there is an example.
  let out = ''
  let at = 0
  for (const m of text.matchAll(FENCE)) {
    out += rewrite(text.slice(at, m.index)) + m[0]
    at = m.index + m[0].length
  }
  return out + rewrite(text.slice(at))
}

/** The site's copies of docs/*.md (but index.md) and of the Markdown files outside docs/ they link: path → text. */
export function guidePages(root) {
  const exists = (file) => existsSync(posix.join(root, file))
  const queue = readdirSync(posix.join(root, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'index.md')
    .map((f) => `docs/${f}`)
  const pages = new Map()
  const seen = new Set(queue)
  while (queue.length > 0) {
    const file = queue.shift()
    const text = readFileSync(posix.join(root, file), 'utf8')
    pages.set(
      siteOf(file),
      relink(text, file, exists, (linked) => {
        const generated = linked === 'docs/index.md' || linked.startsWith('docs/commands/')
        if (generated || seen.has(linked)) return
        seen.add(linked)
        queue.push(linked)
      }),
    )
  }
  return pages
}
