/** Help texts of the resource commands: summary, the route called, examples. */
import {keyNames} from '../../plan/record-keys.js'
import {wrapWords} from '../../output/notes.js'
import {listFilters} from '../../registry/server/facts.js'
import {type Family, MUTATING_VERBS, type Verb, VERBS} from '../../registry/types.js'

const noun = (f: Family): string => f.word.replaceAll('-', ' ')
const invitationSegment = (f: Family): string | undefined =>
  f.download?.kind === 'invitation' ? f.download.segment : undefined
export const withArticle = (word: string): string => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`
const one = (f: Family): string =>
  (invitationSegment(f) ?? f.segment.replace(/ies$/, 'y').replace(/uses$/, 'us').replace(/s$/, '')).replaceAll('_', ' ')

export function routeOf(f: Family, verb: Verb): string {
  const base = `/api/v1/${f.segment}`
  switch (verb) {
    case 'list':
      return `GET ${base}`
    case 'show':
      return `GET ${base}/{id}`
    case 'template':
      return `GET ${base}/create`
    case 'edit-template':
      return `GET ${base}/{id}/edit`
    case 'create':
      return `POST ${base}`
    case 'update':
      return `PUT ${base}/{id}`
    case 'delete':
      return `DELETE ${base}/{id}`
    case 'bulk':
      return `POST ${base}/bulk`
    case 'action':
      return f.actionRoute === 'get'
        ? `GET ${base}/{id}/{action} (POST ${base}/bulk with one id when the server answers 404)`
        : `POST ${base}/bulk (one id)`
    case 'upload':
      return `POST ${base}/{id}/upload (multipart, _method=PUT)`
    case 'download':
      return f.download?.kind === 'record'
        ? `GET ${base}/{id}/download`
        : `GET /api/v1/${invitationSegment(f)}/{invitation_key}/download`
  }
}

export function summaryOf(f: Family, verb: Verb): string {
  switch (verb) {
    case 'list':
      return `List ${noun(f)}.`
    case 'show':
      return `Show one ${one(f)}.`
    case 'template':
      return `Show the default payload of a new ${one(f)} (creates nothing).`
    case 'edit-template':
      return `Show ${withArticle(one(f))} in editable form (updates nothing).`
    case 'create':
      return `Create ${withArticle(one(f))}.`
    case 'update':
      return `Update ${withArticle(one(f))}.`
    case 'delete':
      return `Delete ${withArticle(one(f))} (a soft delete upstream: restorable).`
    case 'bulk':
      return `Apply one action to several ${noun(f)}.`
    case 'action':
      return `Apply one action to one ${one(f)}.`
    case 'upload':
      return `Attach files to ${withArticle(one(f))}.`
    case 'download':
      return f.download?.kind === 'record'
        ? `Download the file of ${withArticle(one(f))} by id (any file type).`
        : `Download ${withArticle(one(f))} PDF by id, number or invitation key.`
  }
}

export function examplesOf(f: Family, verb: Verb): string[] {
  const cmd = `<%= config.bin %> ${f.word} ${verb}`
  const action = f.actions.find((a) => a !== 'delete') ?? 'archive'
  // A record of this family the sandbox has (registry: its sample id).
  const id = f.sample ?? 'ID'
  switch (verb) {
    case 'list':
      // --status where the server's list filters by state; a list without it would be refused.
      return [
        `${cmd} --per-page 50 --sort 'id|desc'`,
        `${cmd}${listFilters(f.word).has('status') ? ' --status active' : ''} --all --output json`,
      ]
    case 'show':
      return [`${cmd} ${id}`, `${cmd} ${id} --output json`]
    case 'template':
    case 'edit-template':
      return [`${cmd}${verb === 'edit-template' ? ` ${id}` : ''} --output json`]
    case 'create':
      return [`${cmd} ${f.examples.create}`, `${cmd} --data-file ${one(f).replaceAll(' ', '-')}.json --yes`]
    case 'update':
      // A family whose updates need more than one text field gives the whole `--field` list.
      if (f.examples.update?.includes('='))
        return [`${cmd} ${id} ${f.examples.update} --yes`, `${cmd} ${id} ${f.examples.update} --dry-run`]
      return [
        `${cmd} ${id} --field ${f.examples.update}="${f.documentLike ? 'Thank you' : 'Checked'}" --yes`,
        `${cmd} ${id} --data '{"${f.examples.update}":"checked"}' --dry-run`,
      ]
    case 'delete':
      return [`${cmd} ${id} --yes`]
    case 'bulk':
      // By a list query where the list takes --status: the dry run lists the records it selects.
      return [
        `${cmd} --action ${action} --id ${id} --yes`,
        ...(f.verbs.has('list') && listFilters(f.word).has('status')
          ? [`${cmd} --action ${action} --status active --all --dry-run`]
          : []),
      ]
    case 'action':
      return [`${cmd} ${id} --action ${action} --dry-run`]
    case 'upload':
      return [`${cmd} ${id} --file receipt.pdf --yes`]
    case 'download':
      if (f.download?.kind === 'record') return [`${cmd} ${id} --output-file .`]
      return [
        `${cmd} --id ${id} --output-file .`,
        `${cmd} ${f.sampleInvitation ?? 'INVITATION_KEY'} --output-file ${one(f).replaceAll(' ', '-')}.pdf`,
      ]
  }
}

/**
 * What `cli <family>` prints below oclif's topic help: examples (the family's everyday tasks first, then a list, a
 * create, a show and a bulk), the actions, how changes work.
 */
export function topicNotes(f: Family, bin: string): string {
  // A verb an everyday task shows already is not shown twice.
  const shown = (['list', 'create', 'show', 'bulk'] as const).filter(
    (v) => f.verbs.has(v) && !f.everyday.some((task) => task.startsWith(`${v} `)),
  )
  const examples = [
    ...f.everyday.map((task) => `${bin} ${f.word} ${task}`),
    ...shown.map((v) => examplesOf(f, v)[0].replaceAll('<%= config.bin %>', bin)),
  ]
  const lines = ['EXAMPLES', ...examples.map((e) => `  $ ${e}`)]
  if (f.verbs.has('action') && f.actions.length > 0) {
    lines.push(
      '',
      'ACTIONS (--action of bulk and action; no others are sent)',
      ...wrapWords(f.actions.join(', '), 80, '  '),
    )
  }
  const notes = [`Routes under /api/v1/${f.segment}.`]
  const missing = VERBS.filter((v) => !f.verbs.has(v) && !f.documentOnly.has(v))
  for (const [verb, instead] of f.documentOnly)
    notes.push(`${verb}: the published document lists it, but the server has no such route. Instead: ${instead}.`)
  if (f.actionGet === 'document')
    notes.push(
      'action: the server has no GET action route here; after its 404 the action goes once through POST ' +
        `/api/v1/${f.segment}/bulk.`,
    )
  if (missing.length > 0)
    notes.push(`Not published upstream, so refused locally (exit 2, nothing sent): ${missing.join(', ')}.`)
  const changes = VERBS.filter((v) => f.verbs.has(v) && MUTATING_VERBS.has(v))
  if (changes.length > 0)
    notes.push(`Changes (${changes.join(', ')}) need --yes; --dry-run prints the request instead of sending it.`)
  if (f.keys.length > 0)
    notes.push(`A record is named by its id or its ${keyNames(f)}: one list query finds it (an id costs none).`)
  if (f.passwordProtected)
    notes.push('Every route needs the account password: set CLI_API_PASSWORD (sent as X-API-PASSWORD).')
  notes.push(`"${bin} ${f.word} COMMAND --help" shows a command's flags, examples and the route it calls.`)
  lines.push('', 'NOTES', ...notes.flatMap((n) => wrapWords(n, 80, '  ')))
  return lines.join('\n')
}
