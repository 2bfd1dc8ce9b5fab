/**
 * Sends a RequestSpec. got is imported on first use only, so commands that never reach the
 * network (help, dry runs, usage errors) do not pay for loading it.
 */
import {Agent as HttpAgent} from 'node:http'
import {Agent as HttpsAgent} from 'node:https'

import {CliError, ExitCode} from './errors.js'
import {type Credentials, requestHeaders, scrubSecrets} from './headers.js'
import {fullUrl, type RequestSpec} from './request.js'
import {upstreamError} from './upstream-error.js'

export interface HttpResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export interface Connection extends Credentials {
  baseUrl: string
  /** Milliseconds before a request with no answer fails. */
  timeoutMs?: number
}

export const DEFAULT_TIMEOUT_MS = 60_000

type Got = typeof import('got').default

// The build bundles got into one file (scripts/vendor-got.js); from source (unit tests) the
// package itself is used.
const GOT_BUNDLE = './vendor/got.js'
let gotPromise: Promise<Got> | undefined
const loadGot = (): Promise<Got> =>
  (gotPromise ??= (import(GOT_BUNDLE) as Promise<{default: Got}>).catch(() => import('got')).then((m) => m.default))

/** A 2xx status; everything else is an upstream error (redirects included: the API never redirects on success). */
export const isSuccess = (status: number): boolean => status >= 200 && status < 300

export class HttpClient {
  // Own keep-alive agents, destroyed by close(): Node's global agent would keep the process alive.
  private readonly agents = {http: new HttpAgent({keepAlive: true}), https: new HttpsAgent({keepAlive: true})}

  constructor(readonly connection: Connection) {}

  url(spec: RequestSpec): string {
    return fullUrl(this.connection.baseUrl, spec)
  }

  private async options(spec: RequestSpec, signal?: AbortSignal) {
    const headers = requestHeaders(spec, this.connection, false)
    let body: string | FormData | undefined
    if (spec.body !== undefined) body = JSON.stringify(spec.body)
    if (spec.multipart) {
      delete headers['Content-Type']
      body = await multipartBody(spec)
    }
    return {
      method: spec.method,
      headers,
      body,
      throwHttpErrors: false,
      followRedirect: false,
      retry: {limit: 0},
      agent: this.agents,
      timeout: {request: this.connection.timeoutMs ?? DEFAULT_TIMEOUT_MS},
      signal,
    }
  }

  /** Sends the request and returns the whole answer; network failures become exit-1 errors. */
  async send(spec: RequestSpec, signal?: AbortSignal): Promise<HttpResponse> {
    const got = await loadGot()
    const url = this.url(spec)
    try {
      const res = await got(url, {...(await this.options(spec, signal)), responseType: 'buffer'})
      return {status: res.statusCode, headers: res.headers, body: res.body}
    } catch (error) {
      throw this.networkError(error, url)
    }
  }

  /**
   * Sends the request and hands the body to `sink` as it arrives, once the status says success.
   * An error status is read whole and thrown as an upstream error.
   */
  async stream(spec: RequestSpec, sink: (chunks: AsyncIterable<Buffer>, res: HttpResponse) => Promise<void>): Promise<void> {
    const got = await loadGot()
    const url = this.url(spec)
    try {
      const opts = await this.options(spec)
      const stream = got.stream(url, opts)
      const res = await new Promise<{statusCode: number; headers: HttpResponse['headers']}>((resolve, reject) => {
        stream.once('response', resolve)
        stream.once('error', reject)
      })
      const head: HttpResponse = {status: res.statusCode, headers: res.headers, body: Buffer.alloc(0)}
      if (!isSuccess(res.statusCode)) {
        const chunks: Buffer[] = []
        for await (const chunk of stream) chunks.push(chunk as Buffer)
        throw upstreamError(res.statusCode, Buffer.concat(chunks), String(res.headers['content-type'] ?? ''))
      }
      await sink(stream as AsyncIterable<Buffer>, head)
    } catch (error) {
      throw this.networkError(error, url)
    }
  }

  private networkError(error: unknown, url: string): CliError {
    if (error instanceof CliError) return error
    const e = error as NodeJS.ErrnoException & {code?: string}
    const origin = safeOrigin(url)
    const reason = e.code === 'ETIMEDOUT' ? 'no answer within the timeout' : (e.code ?? e.message)
    const message = scrubSecrets(`could not complete the request to ${origin}: ${reason}. Check the base URL and your network`, this.connection)
    return new CliError(message, ExitCode.upstream, {cause: error})
  }

  close(): void {
    this.agents.http.destroy()
    this.agents.https.destroy()
  }
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'the upstream'
  }
}

/** A multipart body whose files are streamed from disk, not read into memory. */
async function multipartBody(spec: RequestSpec): Promise<FormData> {
  const {openAsBlob} = await import('node:fs')
  const form = new FormData()
  for (const part of spec.multipart ?? []) {
    if ('value' in part) form.append(part.name, part.value)
    else form.append(part.name, await openAsBlob(part.path), part.filename)
  }
  return form
}

/** Parses a JSON answer; a success that is not JSON is an upstream error. */
export function parseJsonBody(res: HttpResponse): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'))
  } catch {
    throw new CliError(`upstream answered ${res.status} with a body that is not JSON (${res.body.length} bytes): check the base URL`, ExitCode.upstream, {status: res.status})
  }
}
