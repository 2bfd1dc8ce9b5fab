/**
 * Runs a plan against the upstream: sending (with the fallback after the catch-all's 404 or 429), paging,
 * downloading (only the file asked for), read-then-write edits, chains, polls (poll-run.ts), bulk actions
 * (bulk-run.ts) and series (series-run.ts); listings' pages come from list-fetch.ts. Every answer
 * that is not a success becomes one error through answerError; printing is the Printer's.
 */
import {CliError, ExitCode} from '../errors.js'
import {type HttpClient, type HttpResponse, isSuccess, parseJsonBody, type SendOptions} from '../http/client.js'
import {saveDownload} from '../http/file-save.js'
import {outputPath} from '../output/output-file.js'
import {dataOf} from '../output/records.js'
import {writeErr} from '../output/write.js'
import {asListPage, mergedMeta, pageCapError} from '../http/paging.js'
import {stderrProgress, whileSlow} from '../output/progress.js'
import type {Json, RequestSpec} from '../plan/request.js'
import {answerError} from '../http/upstream-error.js'
import type {ChainPlan, DownloadPlan, Fallback, ListPlan, RemotePlan, SendPlan} from '../plan/plans.js'
import type {Printer, Secrets} from '../output/printer.js'
import {type Selection, selectionTooLarge} from '../plan/bulk.js'
import {runBulk, skippedError} from './bulk-run.js'
import {fetchList} from './list-fetch.js'
import {runPoll} from './poll-run.js'
import {spaced} from './repeat-spacing.js'
import {runSeries} from './series-run.js'
import type {ChangeHooks, JsonObject} from '../pipeline/hooks.js'

/** A request the change pipeline sees: anything but a plain read (a runner's POST search is put to the policy too). */
const reachesPipeline = (request: RequestSpec): boolean => request.changes || request.method !== 'GET'

/** Awaits a request; on a terminal, a line on stderr says what is awaited once it is slow to answer. */
function awaited<T>(request: RequestSpec, work: () => Promise<T>): Promise<T> {
  const stop = whileSlow(stderrProgress(), () => `waiting for the server: ${request.method} ${request.path}`)
  return work().finally(stop)
}

export class Executor {
  /** The answers of the changes sent, parsed, for the summary line (plan/summary.ts). */
  readonly answers: unknown[] = []
  /** Set when the change was done only in part (ids the server skipped): thrown once the summary is said. */
  unfinished?: CliError

  /** The requests the policy has seen, and the records an edit read before its write (for the journal). */
  private readonly checked = new WeakSet<RequestSpec>()
  private readonly readFirst = new WeakMap<RequestSpec, JsonObject>()
  private hooks?: Promise<ChangeHooks>

  /** `pipeline`: the change pipeline's hooks, loaded only when a request that is not a plain read is about to go. */
  constructor(
    private readonly client: HttpClient,
    private readonly out: Printer,
    private readonly secrets: () => Secrets,
    private readonly pipeline?: () => Promise<ChangeHooks>,
  ) {}

  /** The policy, for the requests of a change before the first of them goes (each one checked once). */
  async check(requests: readonly RequestSpec[]): Promise<void> {
    const due = requests.filter((r) => reachesPipeline(r) && !this.checked.has(r))
    if (due.length === 0 || !this.pipeline) return
    this.hooks ??= this.pipeline()
    await (await this.hooks).check(due, (read) => this.readRecord(read))
    for (const r of due) this.checked.add(r)
  }

  async run(plan: RemotePlan): Promise<unknown> {
    switch (plan.kind) {
      case 'download':
        return this.download(plan)
      case 'list':
        return plan.paged ? this.pages(plan) : this.sendAndPrint(plan)
      case 'send':
        await this.check([plan.request])
        return this.withFallback(plan, (request, opts) => this.sendAndPrint({...plan, request}, opts))
      case 'edit': {
        const record = await this.readRecord(plan.read)
        const {request, warnings} = plan.write(record)
        await this.check([request])
        // Right before the write: has anyone changed the record since it was read?
        const again = plan.recheck ? await this.readRecord(plan.read) : undefined
        if (plan.recheck) plan.recheck(record, again!)
        this.readFirst.set(request, again ?? record)
        for (const w of warnings) writeErr(w)
        // An edit writes a record: the answer is that record, JSON.
        return this.sendAndPrint({kind: 'send', request, expect: 'json', summary: plan.summary})
      }
      case 'bulk': {
        const {ids, answers} = await runBulk(plan, {
          select: (selection) => this.select(selection),
          check: (requests) => this.check(requests),
          send: (request) => this.send(request),
          print: (res, sendPlan) => this.out.answer(res, sendPlan),
          sink: () => this.out.listSink({}),
        })
        this.answers.push(...answers)
        this.unfinished = skippedError(plan, ids, answers)
        return answers
      }
      case 'chain':
        await this.check([plan.first])
        return this.chain(plan)
      case 'poll':
        await this.check([plan.start])
        return runPoll(plan, {
          send: (request) => this.send(request),
          check: (request) => this.client.send(request),
          answer: (res, sendPlan) => this.out.answer(res, sendPlan),
        })
      case 'series':
        await this.check(plan.requests)
        return runSeries(plan, {send: (request) => this.send(request), local: (p) => this.out.local(p)})
    }
  }

  /** Sends a request; an answer that is not a success is thrown as the one upstream error. */
  async send(request: RequestSpec, opts: SendOptions = {}): Promise<Awaited<ReturnType<HttpClient['send']>>> {
    if (!reachesPipeline(request) || !this.pipeline) return this.sendPlain(request, opts)
    await this.check([request])
    if (!request.changes) return this.sendPlain(request, opts)
    // Any wait for the server's guard against repeats comes first: the journal's entry is made as the change goes.
    return spaced(request, () => this.sendChange(request, opts))
  }

  /** A change, through the journal. */
  private async sendChange(request: RequestSpec, opts: SendOptions): Promise<HttpResponse> {
    const journal = await (
      await this.hooks!
    ).sending(request, (read) => this.readRecord(read), this.readFirst.get(request))
    let res: HttpResponse
    try {
      res = await awaited(request, () => this.client.send(request, opts))
    } catch (error) {
      await journal({error})
      throw error
    }
    await journal({res})
    if (!isSuccess(res.status)) throw answerError(res, request)
    return res
  }

  private async sendPlain(request: RequestSpec, opts: SendOptions): Promise<HttpResponse> {
    const res = await spaced(request, () => awaited(request, () => this.client.send(request, opts)))
    if (!isSuccess(res.status)) throw answerError(res, request)
    return res
  }

  /** GET one record: its `data`. */
  async readRecord(read: RequestSpec): Promise<{[key: string]: Json}> {
    const data = dataOf(parseJsonBody(await this.send(read)))
    if (data === null || typeof data !== 'object' || Array.isArray(data))
      throw new CliError(`the upstream answered ${read.path} with something that is not a record`, ExitCode.upstream)
    return data as {[key: string]: Json}
  }

  private async sendAndPrint(plan: SendPlan | ListPlan, opts: SendOptions = {}): Promise<unknown> {
    const res = await this.send(plan.request, opts)
    // A change's answer is one record, small: parsed again here for the summary, whatever the format prints.
    if (plan.kind === 'send' && plan.summary && res.body.length > 0) {
      try {
        this.answers.push(parseJsonBody(res))
      } catch {
        // Not JSON: the printer says so.
      }
    }
    return this.out.answer(res, plan)
  }

  /**
   * Sends the plan's request; after one of the answers its fallback names (the server's 404: no
   * such route; where only the document has the route, also the 429 of its throttled catch-all),
   * nothing happened: the fallback goes once instead. Such a 429 is handed back, not waited out.
   */
  private async withFallback<T>(
    plan: Fallback & {request: RequestSpec},
    run: (request: RequestSpec, opts: SendOptions) => Promise<T>,
  ): Promise<T> {
    const fallback = plan.fallback
    try {
      return await run(plan.request, {passRateLimit: fallback?.after.includes(429)})
    } catch (error) {
      if (!fallback || !(error instanceof CliError) || !fallback.after.includes(error.status ?? 0)) throw error
      writeErr(fallback.note(error.status!))
      return run(fallback.request, {})
    }
  }

  private async chain(plan: ChainPlan): Promise<unknown> {
    const {request, warnings} = plan.next(parseJsonBody(await this.send(plan.first), plan.first))
    for (const w of warnings) writeErr(w)
    // Both steps of a chain (the preimport's hash, then the import) answer JSON.
    return this.sendAndPrint({kind: 'send', request, expect: 'json'})
  }

  private async pages(plan: ListPlan): Promise<unknown> {
    const sink = await this.out.listSink(plan)
    const summary = await fetchList(this.client, plan, (records) => sink.add(records))
    const meta = mergedMeta(summary)
    await sink.finish(meta)
    // Printed, but not every record: exit 5, so that no script takes it for the whole list.
    if (summary.capReached) throw pageCapError(summary, plan.startPage)
    return meta
  }

  /**
   * The records a bulk action's list query selects: with --all every page (refused at the page cap: never act on
   * part of a selection), else the first page, which must hold them all.
   */
  async select(selection: Selection): Promise<unknown[]> {
    if (!selection.all) {
      const page = asListPage(parseJsonBody(await this.send(selection.request), selection.request))
      const total = Number(page.meta?.pagination?.total ?? page.data.length)
      if (total > page.data.length) throw selectionTooLarge(selection.request, total, page.data.length)
      return page.data
    }
    const records: unknown[] = []
    const plan: ListPlan = {kind: 'list', request: selection.request, paged: true, startPage: 1}
    const summary = await fetchList(this.client, plan, (page) => {
      records.push(...page)
    })
    if (summary.capReached)
      throw selectionTooLarge(selection.request, Number(summary.lastPagination?.total ?? records.length))
    return records
  }

  private async download(plan: DownloadPlan): Promise<unknown> {
    await this.check([plan.request])
    if (plan.lookup)
      plan = {...plan, request: plan.lookup.request(await this.readRecord(plan.lookup.read)), lookup: undefined}
    const target = (res: HttpResponse) => outputPath(plan.outputFile, res.headers, this.secrets())
    const {path} = await this.withFallback(plan, (request, opts) =>
      awaited(request, () => saveDownload(this.client, request, plan.expect, {target, force: plan.force}, opts)),
    )
    if (path !== '-') writeErr(`saved ${path}`)
    return undefined
  }
}
