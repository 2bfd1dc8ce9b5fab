/** A folder served over HTTP on 127.0.0.1, as any static host serves a built site: a file, or a folder's index.html. */
import {createReadStream, existsSync, statSync} from 'node:fs'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {extname, join, normalize} from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/** The file a URL path names inside `root`, or undefined: no file, or a path out of it. */
export function fileOf(root: string, urlPath: string): string | undefined {
  const path = normalize(decodeURIComponent(urlPath.split(/[?#]/)[0]))
  if (path.split('/').includes('..')) return undefined
  let file = join(root, path)
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
  return existsSync(file) && statSync(file).isFile() ? file : undefined
}

export async function serveFolder(root: string): Promise<{url: string; server: Server}> {
  const server = createServer((req, res) => {
    const file = fileOf(root, req.url ?? '/')
    if (!file) {
      res.writeHead(404, {'content-type': 'text/plain'}).end('not found')
      return
    }
    res.writeHead(200, {'content-type': TYPES[extname(file)] ?? 'application/octet-stream'})
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server}
}
