/**
 * The download suite (download-checks-*.test.ts): only the file that was asked for is saved, file actions write
 * their bytes to --output-file, and a success with no body is a success.
 */
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {type UpstreamSuite, useUpstream} from '../support/upstream-suite.js'

export interface DownloadSuite {
  suite: UpstreamSuite
  /** A fresh temporary folder for each test. */
  dir: () => string
  /** "METHOD path" of each request the stand-in received. */
  sent: () => string[]
}

/** Registers the hooks of one stand-in and of a fresh temporary folder, both new for each test. */
export function useDownloadUpstream(): DownloadSuite {
  const suite = useUpstream()
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-dl-'))
  })
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)
  return {suite, dir: () => dir, sent}
}
