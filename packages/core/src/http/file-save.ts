/**
 * One file downloaded to disk: streamed, checked to be the file asked for (download-check.ts) before a byte is
 * written, written atomically (output-file.ts) and hashed on the way. `download` and the month-end commands share it.
 */

import {writeFileHashed} from '../output/output-file.js'
import type {RequestSpec} from '../plan/request.js'
import type {FileKind} from '../registry/file-kinds.js'
import {headerValue, type HttpClient, type HttpResponse, type SendOptions} from './client.js'
import {isWantedFile, notTheFileError, peek, readSome} from './download-check.js'

export interface SavedFile {
  /** Where it was written (`-`: stdout). */
  path: string
  sha256: string
  bytes: number
}

export interface SaveOptions {
  /** Where the answer goes, once it is known to be the file (a folder target is named by its headers). */
  target: (res: HttpResponse) => Promise<string>
  /** Replace an existing file. */
  force: boolean
  /** The file's first bytes decide what it is, never its declared type (download-check.ts). */
  bySignature?: boolean
}

export async function saveDownload(
  client: HttpClient,
  request: RequestSpec,
  expect: FileKind,
  opts: SaveOptions,
  send: SendOptions = {},
): Promise<SavedFile> {
  let saved: SavedFile | undefined
  await client.stream(
    request,
    async (chunks, res) => {
      const contentType = String(headerValue(res.headers, 'content-type') ?? '')
      const {head, rest} = await peek(chunks)
      const disposition = headerValue(res.headers, 'content-disposition')
      if (!isWantedFile(expect, contentType, head, disposition, opts.bySignature)) {
        throw notTheFileError(expect, res.status, contentType, await readSome(rest))
      }
      const path = await opts.target(res)
      const written = await writeFileHashed(path, opts.force, async (write) => {
        for await (const chunk of rest) await write(chunk)
      })
      saved = {path, ...written}
    },
    send,
  )
  return saved!
}
