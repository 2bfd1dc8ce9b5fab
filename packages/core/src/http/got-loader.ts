/**
 * got, for multipart uploads only (transport.ts sends everything else), loaded on first use: commands that upload
 * nothing never load it. got's own retry stays off and redirects are not followed, as with transport.ts.
 */
import type {Agent as HttpsAgent} from 'node:https'

import type {Exchange, ExchangeOptions} from './transport.js'

export type Got = typeof import('got').default

// The build bundles got into one CommonJS file with its V8 code cache (scripts/bundle.js,
// code-cache.ts); from source (unit tests) the package itself is used.
let gotPromise: Promise<Got> | undefined
const loadGot = (): Promise<Got> =>
  (gotPromise ??= import('./code-cache.js').then(async ({loadBundle}) => {
    const bundled = loadBundle(new URL('./vendor/got.cjs', import.meta.url)) as {default: Got} | undefined
    return (bundled ?? (await import('got'))).default
  }))

/** Sends a multipart body (files streamed from disk) with got: the answer's head, its body left to read. */
export async function uploadExchange(
  url: string,
  opts: Omit<ExchangeOptions, 'body'> & {body: FormData},
): Promise<Exchange> {
  const got = await loadGot()
  const stream = got.stream(url, {
    method: opts.method as 'POST',
    headers: opts.headers,
    body: opts.body,
    signal: opts.signal,
    throwHttpErrors: false,
    followRedirect: false,
    retry: {limit: 0},
    // got picks the agent by protocol: the one given is for the URL's (an https one for https://).
    agent: new URL(url).protocol === 'https:' ? {https: opts.agent as HttpsAgent} : {http: opts.agent},
    timeout: {lookup: opts.timeout.connect, connect: opts.timeout.connect, request: opts.timeout.request},
  })
  const res = await new Promise<{statusCode: number; headers: Exchange['headers']}>((resolve, reject) => {
    stream.once('response', resolve)
    stream.once('error', reject)
  })
  return {statusCode: res.statusCode, headers: res.headers, body: stream}
}
