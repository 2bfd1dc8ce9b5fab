/**
 * The stand-in's answers: the Reply a route returns, the HttpError it throws for an error body,
 * and how each is written to the socket.
 */
import type http from 'node:http'

export type Reply =
  | {type: 'json'; status: number; body: unknown; headers?: Record<string, string>}
  | {type: 'pdf'; filename: string; data: Buffer}
  | {type: 'file'; contentType: string; filename: string; data: Buffer}
  | {type: 'redirect'; location: string}
  | {type: 'html'; body: string}
  | {type: 'text'; status: number; contentType: string; body: string}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`)
  }
}

export const ok = (body: unknown): Reply => ({type: 'json', status: 200, body})
/** The server's catch-all for a route it does not register (FACTS.md): a 404 never means "no such record". */
export const CATCH_ALL_MESSAGE = "I'm sorry, this isn't a supported API route."
export const notFound = () => new HttpError(404, {message: CATCH_ALL_MESSAGE})
export const invalid = (errors: Record<string, unknown>) =>
  new HttpError(422, {message: 'The given data was invalid.', errors})
export const invalidJson = () => new HttpError(400, {message: 'Invalid JSON'})
export const serverError = () => new HttpError(500, {message: 'Server Error'})

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {...headers, 'content-type': 'application/json'})
  res.end(JSON.stringify(body))
}

/** Streams the PDF in two writes and no Content-Length, so Node sends it chunked like the real server. */
function sendPdf(res: http.ServerResponse, filename: string, data: Buffer) {
  res.writeHead(200, {'content-type': 'application/pdf', 'content-disposition': `attachment; filename=${filename}`})
  const middle = Math.floor(data.length / 2)
  res.write(data.subarray(0, middle))
  res.end(data.subarray(middle))
}

export function send(res: http.ServerResponse, reply: Reply) {
  switch (reply.type) {
    case 'json':
      return sendJson(res, reply.status, reply.body, reply.headers)
    case 'pdf':
      return sendPdf(res, reply.filename, reply.data)
    case 'file':
      res.writeHead(200, {
        'content-type': reply.contentType,
        'content-disposition': `attachment; filename="${reply.filename}"`,
      })
      return res.end(reply.data)
    case 'redirect':
      res.writeHead(302, {location: reply.location, 'content-type': 'text/html; charset=UTF-8'})
      return res.end(`Redirecting to ${reply.location}`)
    case 'html':
      res.writeHead(200, {'content-type': 'text/html; charset=UTF-8'})
      return res.end(reply.body)
    case 'text':
      res.writeHead(reply.status, {'content-type': reply.contentType})
      return res.end(reply.body)
  }
}
