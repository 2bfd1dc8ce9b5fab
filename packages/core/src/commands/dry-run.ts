/**
 * `--dry-run`: the request a plan would send, printed instead of sent (the token redacted). A
 * plan whose request depends on a record (list edits, --diff) reads it first: a GET changes nothing.
 */
import {type Credentials, scrubSecrets} from '../http/headers.js'
import {describeRequest} from '../output/describe-request.js'
import {formatOf} from '../output/formats/index.js'
import {dryRunText, type FormatContext} from '../output/formats/format.js'
import {writeErr, writeOut} from '../output/write.js'
import {withPage} from '../http/paging.js'
import {recordDiff, renderDiff} from '../plan/record-edit.js'
import type {Json, RequestSpec} from '../plan/request.js'
import type {BulkPlan, EditPlan, RemotePlan, SeriesPlan} from '../plan/plans.js'
import {BULK_BATCH, counted, selectedIds, selectionLine, type Selection, uniqueIds} from '../plan/bulk.js'

export interface DryRunContext {
  format?: string
  baseUrl: string
  creds: Credentials & {userAgent: string}
  /** A live reader for the plans that must read a record first (needs a token). */
  readRecord: () => Promise<{
    read: (request: RequestSpec) => Promise<{[key: string]: Json}>
    /** The records a bulk action's list query selects. */
    select: (selection: Selection) => Promise<unknown[]>
    baseUrl: string
    close: () => void
  }>
}

type Described = ReturnType<typeof describeRequest>

// Scrubbed of the secrets in use, as every live answer is: a token typed into a filter or a field stays hidden
// here too.
const scrubbedOut = (ctx: DryRunContext, text: string) => writeOut(scrubSecrets(text, ctx.creds))
const scrubbedErr = (ctx: DryRunContext, line: string) => writeErr(scrubSecrets(line, ctx.creds))

async function printDryRun(
  ctx: DryRunContext,
  described: Described,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await scrubbedOut(ctx, await formatOf(ctx.format).dryRun(described, extra))
}

/** Notes for people (a fallback, a diff) where the format prints no document to carry them. */
const forPeople = (ctx: DryRunContext): boolean => !formatOf(ctx.format).document

/** The first request a plan sends, for the dry run to show. */
function firstRequest(plan: Exclude<RemotePlan, EditPlan | BulkPlan | SeriesPlan>): RequestSpec {
  switch (plan.kind) {
    case 'list':
      return plan.paged ? withPage(plan.request, plan.startPage) : plan.request
    case 'download':
      return plan.lookup ? plan.lookup.read : plan.request
    case 'chain':
      return plan.first
    case 'poll':
      return plan.start
    default:
      return plan.request
  }
}

export async function dryRun(plan: RemotePlan, ctx: DryRunContext): Promise<unknown> {
  if (plan.kind === 'edit') return dryRunEdit(plan, ctx)
  if (plan.kind === 'bulk') return dryRunBulk(plan, ctx)
  if (plan.kind === 'series') return dryRunSeries(plan, ctx)
  const describe = (request: RequestSpec) => describeRequest(request, ctx.baseUrl, ctx.creds)
  const described = describe(firstRequest(plan))
  const routed = plan.kind === 'send' || plan.kind === 'download' ? plan.fallback : undefined
  const fallback = routed ? describe(routed.request) : undefined
  const when = routed?.after.includes(429)
    ? '404 (it has no such route) or 429 (its catch-all is throttled)'
    : '404 (it has no such route)'
  if (plan.kind === 'download' && plan.lookup) scrubbedErr(ctx, `dry run: ${plan.lookup.note}`)
  await printDryRun(ctx, described, fallback ? {fallback: {when: `the server answers ${when}`, request: fallback}} : {})
  if (fallback && forPeople(ctx))
    scrubbedErr(
      ctx,
      `dry run: if the server answers ${when}, the action is sent once as ` +
        `${fallback.method} ${fallback.url} ${JSON.stringify(fallback.body)}`,
    )
  if (plan.kind === 'list' && plan.paged)
    scrubbedErr(ctx, 'dry run: shows the first page; further pages differ only in page=N')
  if (plan.kind === 'chain' || plan.kind === 'poll') scrubbedErr(ctx, `dry run: ${plan.note}`)
  return described
}

/** A dry run of an edit: reads the record when the change or --diff needs it, else stays offline. */
async function dryRunEdit(plan: EditPlan, ctx: DryRunContext): Promise<unknown> {
  if (plan.offline && !plan.diff) {
    for (const w of plan.offline.warnings) scrubbedErr(ctx, w)
    const described = describeRequest(plan.offline.request, ctx.baseUrl, ctx.creds)
    await printDryRun(ctx, described)
    return described
  }
  const reader = await ctx.readRecord()
  try {
    scrubbedErr(ctx, `dry run: reading ${plan.read.path} to build the request (nothing is changed)`)
    const record = await reader.read(plan.read)
    const {request, warnings} = plan.write(record)
    for (const w of warnings) scrubbedErr(ctx, w)
    const described = describeRequest(request, reader.baseUrl, ctx.creds)
    const changes = plan.diff ? recordDiff(record, (request.body ?? {}) as {[key: string]: Json}) : undefined
    await printDryRun(ctx, described, changes ? {diff: changes} : {})
    if (changes && forPeople(ctx)) await scrubbedOut(ctx, renderDiff(changes))
    return described
  } finally {
    reader.close()
  }
}

/**
 * A dry run of a bulk action: the records a --filter selects are read (GETs change nothing) and listed, how many and
 * which, then every request that would be sent, a batch each.
 */
async function dryRunBulk(plan: BulkPlan, ctx: DryRunContext): Promise<unknown> {
  let ids = plan.ids ? uniqueIds(plan.ids) : []
  let selected: string[] | undefined
  let baseUrl = ctx.baseUrl
  if (plan.selection) {
    const reader = await ctx.readRecord()
    try {
      scrubbedErr(ctx, `dry run: reading ${plan.selection.request.path} to select the records (nothing is changed)`)
      const records = await reader.select(plan.selection)
      baseUrl = reader.baseUrl
      ids = selectedIds(records)
      selected = records.map(selectionLine)
    } finally {
      reader.close()
    }
    const match = ids.length === 1 ? 'matches' : 'match'
    const states = plan.selection.activeByDefault ? ' (active records only: --status chooses others)' : ''
    scrubbedErr(
      ctx,
      `dry run: ${counted(ids.length, plan.noun, plan.word)} ${match} the filters${states}${ids.length > 0 ? ':' : ''}`,
    )
    if (forPeople(ctx)) for (const line of selected) scrubbedErr(ctx, `  ${line}`)
  }
  if (ids.length === 0) {
    scrubbedErr(ctx, 'dry run: nothing would be sent')
    return undefined
  }
  const described = plan.requests(ids).map((request) => describeRequest(request, baseUrl, ctx.creds))
  if (described.length > 1)
    scrubbedErr(ctx, `dry run: ${described.length} requests, one for each batch of at most ${BULK_BATCH} ids`)
  const format = formatOf(ctx.format)
  if (format.document) {
    await printDryRun(ctx, described[0], {
      ...(described.length > 1 ? {requests: described} : {}),
      ...(selected ? {selected} : {}),
    })
  } else for (const one of described) await printDryRun(ctx, one)
  return described
}

/** What a document format is told: nothing (only tables and CSV read the context). */
const DOCUMENT_ONLY: FormatContext = {
  queried: false,
  style: () => {
    throw new Error('a dry run prints no table')
  },
}

/** A series: every request in order, in one document (json, yaml) or one after the other as people read them. */
async function dryRunSeries(plan: SeriesPlan, ctx: DryRunContext): Promise<unknown> {
  const described = plan.requests.map((r) => describeRequest(r, ctx.baseUrl, ctx.creds))
  const format = formatOf(ctx.format)
  const doc = {dry_run: true, requests: described, ...plan.dryRunExtra}
  const text = described.map((d, i) => `# ${plan.label(i)}\n${dryRunText(d)}`).join('')
  await scrubbedOut(ctx, format.document ? await format.local(doc, text, DOCUMENT_ONLY) : text)
  const n = described.length
  if (forPeople(ctx)) scrubbedErr(ctx, `dry run: ${n} request${n === 1 ? '' : 's'}, each sent once, in order`)
  return doc
}
