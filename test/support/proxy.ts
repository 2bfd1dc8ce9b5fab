/**
 * Small stand-ins for a company proxy and an https server, on 127.0.0.1, for the proxy tests:
 * a forward proxy that records what it is asked (CONNECT tunnels and plain absolute-URL
 * requests) and passes it on, and an https front for the stand-in upstream with a self-signed
 * certificate made at test time (openssl).
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, readFileSync} from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

export interface Proxy {
  url: string
  /** `CONNECT host:port` or `GET http://...`, one line per request, with the headers it saw. */
  seen: Array<{line: string; headers: http.IncomingHttpHeaders}>
  close(): Promise<void>
}

const listen = (server: net.Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))

function closer(server: net.Server, sockets: Set<net.Socket>): () => Promise<void> {
  server.on('connection', (s: net.Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  return () => {
    for (const s of sockets) s.destroy()
    return new Promise((resolve) => server.close(() => resolve()))
  }
}

export async function startProxy(): Promise<Proxy> {
  const seen: Proxy['seen'] = []
  const sockets = new Set<net.Socket>()
  const server = http.createServer((req, res) => {
    seen.push({line: `${req.method} ${req.url}`, headers: req.headers})
    const target = new URL(req.url ?? '')
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: target.pathname + target.search,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push({line: `CONNECT ${req.url}`, headers: req.headers})
    const [host, port] = (req.url ?? '').split(':')
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
    sockets.add(upstream)
  })
  const close = closer(server, sockets)
  const port = await listen(server)
  return {url: `http://127.0.0.1:${port}`, seen, close}
}

export interface HttpsFront {
  url: string
  /** The self-signed certificate, for NODE_EXTRA_CA_CERTS. */
  caFile: string
  close(): Promise<void>
}

/** An https server on 127.0.0.1 that hands every request on to `target` (the stand-in upstream). */
export async function startHttpsFront(target: string): Promise<HttpsFront> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-tls-'))
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    {stdio: 'ignore'},
  )
  const to = new URL(target)
  const server = https.createServer({key: readFileSync(key), cert: readFileSync(cert)}, (req, res) => {
    const upstream = http.request(
      {host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers},
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  const close = closer(server, new Set())
  const port = await listen(server)
  return {url: `https://127.0.0.1:${port}`, caFile: cert, close}
}
