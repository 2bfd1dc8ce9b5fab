/**
 * Endpoint runners (`search run`, `reports run`, ...): one base class and the pure rules that
 * turn a runner's flags into a RequestSpec. A team's plugin adds a runner by subclassing
 * RunnerCommand and naming its default endpoint and method.
 */
import type {ChangeSource} from '../pipeline/change.js'
import {Flags} from '@oclif/core'

import {BaseCommand, type Plan} from './base-command.js'
import {shown, usageError} from '../errors.js'
import {fieldFlag, rawPayloadFlags} from './flags.js'
import {checkPayloadSources, fieldsObject, type PayloadInput, readRawSource} from '../input/payload.js'
import {getActionOf, needsPassword} from '../plan/raw-paths.js'
import {API_PREFIX, type Json, type Method, type RequestSpec} from '../plan/request.js'

/** Endpoints that may take a payload method (POST, or PUT with --method). */
export const PAYLOAD_PREFIXES = ['reports/', 'charts/'] as const

const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/

/**
 * `--endpoint` is a path under /api/v1/: `reports/invoices`, `/reports/invoices` and
 * `/api/v1/reports/invoices` are the same. Anything that could send the token elsewhere
 * (absolute URLs, other hosts, `..`, queries, fragments, escapes) is refused.
 */
export function normalizeEndpoint(raw: string, what = '--endpoint', example = 'reports/invoices'): string {
  const refuse = (why: string) =>
    usageError(`${what} ${shown(raw)} ${why}: give a path under ${API_PREFIX}/, e.g. ${example}`)
  if (raw.trim() === '') throw refuse('is empty')
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//'))
    throw refuse('is a URL, not a path (the token only goes to the configured host)')
  if (/[?#]/.test(raw)) throw refuse('carries a query or fragment')
  let path = raw.startsWith('/') ? raw.slice(1) : raw
  if (path === 'api/v1' || path.startsWith('api/v1/')) path = path.slice('api/v1/'.length)
  path = path.replace(/\/$/, '')
  const segments = path.split('/')
  for (const seg of segments) {
    if (seg === '' || seg === '.' || seg === '..') throw refuse('has an empty, . or .. segment')
    if (!SEGMENT.test(seg))
      throw refuse(`has a segment ${shown(seg)} with characters other than letters, digits, _ - . ~`)
  }
  return path
}

export const isPayloadEndpoint = (path: string): boolean => PAYLOAD_PREFIXES.some((p) => path.startsWith(p))

/** Endpoints the published document names that the server routes under another name (FACTS.md). */
const SERVER_NAMES: Readonly<Record<string, string>> = {
  'reports/credit': 'reports/credits',
  'reports/expense': 'reports/expenses',
}

export interface RunnerDefinition {
  /** Command words, for messages: `search run`. */
  name: string
  /** Path under /api/v1/ used without --endpoint; none means --endpoint is required. */
  defaultEndpoint?: string
  /** Method of the default endpoint. */
  defaultMethod: Method
  /** Said when --endpoint is required and missing. */
  endpointHelp?: string
}

export interface RunnerInput extends PayloadInput {
  endpoint?: string
  method?: string
}

/** Methods an endpoint may use: POST/PUT under reports/ and charts/, the runner's own for its default, else GET. */
export function allowedMethods(def: RunnerDefinition, path: string): Method[] {
  if (isPayloadEndpoint(path)) return ['POST', 'PUT']
  if (path === def.defaultEndpoint) return [def.defaultMethod]
  return ['GET']
}

export function runnerTarget(
  def: RunnerDefinition,
  input: Pick<RunnerInput, 'endpoint' | 'method'>,
): {path: string; method: Method} {
  const path = input.endpoint === undefined ? def.defaultEndpoint : normalizeEndpoint(input.endpoint)
  if (path === undefined)
    throw usageError(`${def.name} needs --endpoint${def.endpointHelp ? `: ${def.endpointHelp}` : ''}`)
  const allowed = allowedMethods(def, path)
  const method = (input.method?.toUpperCase() ?? allowed[0]) as Method
  if (!allowed.includes(method)) {
    throw usageError(
      `${def.name} sends ${allowed.join(' or ')} to ${path}, not ${method}: runners are read-only, and only ` +
        'reports/ and charts/ endpoints take POST or PUT',
    )
  }
  const action = method === 'GET' ? getActionOf(path) : undefined
  if (action) {
    const {family: f, id, action: name} = action
    const instead = f.actions.includes(name) ? `cli ${f.word} action ${id} --action ${name}` : `cli api GET ${path}`
    throw usageError(
      `${def.name} is read-only, but GET ${path} runs the ${name} action on ${f.word} ${id}: use ${instead} --yes`,
    )
  }
  const renamed = SERVER_NAMES[path]
  if (renamed)
    throw usageError(
      `the server has no ${path} route (the published API document lists one): use --endpoint ${renamed}`,
    )
  return {path, method}
}

/**
 * The request a runner sends. Payload flags only with POST or PUT,
 * so a dry run never shows a body the live request would drop.
 */
export async function runnerRequest(
  def: RunnerDefinition,
  input: RunnerInput,
  readStdin?: () => Promise<string>,
): Promise<RequestSpec> {
  const {path, method} = runnerTarget(def, input)
  const source = checkPayloadSources(input, {documentLike: false, familyWord: def.name})
  const takesBody = method === 'POST' || method === 'PUT'
  if (!takesBody && source !== 'none') {
    throw usageError(
      `${def.name}: ${method} ${API_PREFIX}/${path} takes no payload: drop --data, --data-file, --stdin and --field`,
    )
  }
  const spec: RequestSpec = {
    method,
    path: `${API_PREFIX}/${path}`,
    query: [],
    changes: false,
    ...(needsPassword(path) ? {password: true} : {}),
  }
  if (!takesBody) return spec
  let body: {[key: string]: Json} = {}
  if (source === 'raw') body = await readRawSource(input, readStdin)
  else if (source === 'guided') body = fieldsObject(input.field ?? [])
  return {...spec, body, changes: runnerChanges(method, path, body)}
}

/**
 * Whether a runner's request changes anything upstream, so is never sent twice: a PUT, or a report
 * that e-mails itself (send_email defaults to true upstream). Searches, charts and previews read.
 */
export function runnerChanges(method: Method, path: string, body: {[key: string]: Json}): boolean {
  if (method === 'PUT') return true
  return path.startsWith('reports/') && !path.startsWith('reports/preview/') && body.send_email !== false
}

export const runnerFlags = {
  endpoint: Flags.string({summary: 'Path under /api/v1/ to call instead of the default, e.g. reports/invoices.'}),
  method: Flags.string({
    summary: 'HTTP method: POST or PUT for reports/ and charts/ endpoints; other endpoints are GET only.',
  }),
  ...rawPayloadFlags,
  ...fieldFlag,
}

/** Base of every runner: read-only (no --yes), dry runs and output as in the core. */
export abstract class RunnerCommand extends BaseCommand {
  static flags = runnerFlags
  static runner: RunnerDefinition

  protected changeSource(): ChangeSource {
    return 'runner'
  }

  protected get runner(): RunnerDefinition {
    return (this.ctor as typeof RunnerCommand).runner
  }

  protected async plan(): Promise<Plan> {
    // A runner's answer is whatever its endpoint answers: a CSV report is printed as it came.
    return {kind: 'send', request: await runnerRequest(this.runner, this.flags as RunnerInput), expect: 'any'}
  }
}
