/**
 * The stand-in shared by the test/upstream/*.test.ts files, and
 * fetch helpers that send what a well-behaved client sends.
 */
import {expect} from 'chai'

import type {Upstream} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

export interface Call {
  method?: string
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** The stand-in of the running suite. A live module binding: useStandIn's hook sets it, importers see it. */
export let up: Upstream

/** Registers the hooks of a suite on one stand-in: started before, closed after, reset before each test. */
export function useStandIn(): void {
  const suite = useUpstream()
  before(() => {
    up = suite.up
  })
}

export const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
  'X-API-TOKEN': up.token,
  'X-Requested-With': 'XMLHttpRequest',
  Accept: 'application/json',
  ...extra,
})

/** A fetch with the headers a well-behaved client sends; a JSON body when `body` is given. */
export function call(path: string, {method = 'GET', body, headers: extra = {}, signal}: Call = {}): Promise<Response> {
  const json: Record<string, string> = body === undefined ? {} : {'Content-Type': 'application/json'}
  return fetch(`${up.url}${path}`, {
    method,
    headers: headers({...json, ...extra}),
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
    signal,
  })
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any field of the JSON answer
export async function callJson(path: string, init: Call = {}): Promise<{status: number; body: any}> {
  const res = await call(path, init)
  expect(res.headers.get('content-type')).to.match(/^application\/json/)
  return {status: res.status, body: await res.json()}
}
