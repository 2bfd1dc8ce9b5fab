/** upstreamError: an error answer of the upstream as one short line, its field errors and the exit code. */
import {expect} from 'chai'

import {CliError} from '../src/errors.js'
import {notJsonError, upstreamError} from '../src/http/upstream-error.js'

// The title of the HttpClient suite these tests were part of, kept so their full titles stay the same.
describe('http: HttpClient against a fake upstream', () => {
  describe('upstreamError', () => {
    const invalid = {
      message: 'The given data was invalid.',
      errors: {client_id: ['The client id field is required.'], number: 'The number has already been taken.'},
    }

    it('a 422 gives the message and one detail line per field (array and plain string values), exit 1', () => {
      const error = upstreamError(422, JSON.stringify(invalid), 'application/json')
      expect(error).to.be.instanceOf(CliError)
      expect(error.exitCode).to.equal(1)
      expect(error.status).to.equal(422)
      expect(error.message).to.include('422')
      expect(error.message).to.include('The given data was invalid.')
      expect(error.message).not.to.include('\n')
      expect(error.details).to.deep.equal([
        'client_id: The client id field is required.',
        'number: The number has already been taken.',
      ])
    })

    it('a field with several messages gives one line with all of them', () => {
      const error = upstreamError(
        422,
        JSON.stringify({
          message: 'The given data was invalid.',
          errors: {amount: ['The amount must be a number.', 'The amount is required.']},
        }),
      )
      expect(error.details).to.have.length(1)
      expect(error.details[0]).to.match(/^amount: /)
      expect(error.details[0]).to.include('The amount must be a number.')
      expect(error.details[0]).to.include('The amount is required.')
    })

    it('accepts the body as a Buffer', () => {
      const error = upstreamError(422, Buffer.from(JSON.stringify(invalid)), 'application/json')
      expect(error.details[0]).to.equal('client_id: The client id field is required.')
    })

    it('toDocument() has the status, the upstream message and its errors', () => {
      const doc = upstreamError(422, JSON.stringify(invalid), 'application/json').toDocument()
      expect(doc).to.have.all.keys('error')
      expect(doc.error.status).to.equal(422)
      expect(doc.error.message).to.equal('The given data was invalid.')
      expect(doc.error.errors).to.deep.equal(invalid.errors)
    })

    it('403 Invalid token → exit 4', () => {
      const error = upstreamError(403, '{"message":"Invalid token","errors":{}}', 'application/json')
      expect(error.exitCode).to.equal(4)
      expect(error.status).to.equal(403)
      expect(error.message).to.include('Invalid token')
      expect(error.details).to.deep.equal([])
    })

    it('401 unauthorized → exit 4', () => {
      const error = upstreamError(401, '{"message":"This action is unauthorized."}', 'application/json')
      expect(error.exitCode).to.equal(4)
      expect(error.message).to.include('This action is unauthorized.')
    })

    for (const [status, message] of [
      [400, 'No query results for model [App\\Models\\Invoice].'],
      [404, '404 | Nothing to see here!'],
      [412, 'Invalid Password'],
      [429, 'Too many requests'],
      [500, 'Server Error'],
      [503, 'Service Unavailable'],
    ] as const) {
      it(`${status} → exit 1 with the upstream message`, () => {
        const error = upstreamError(status, JSON.stringify({message}), 'application/json')
        expect(error.exitCode).to.equal(1)
        expect(error.status).to.equal(status)
        expect(error.message).to.include(String(status))
        expect(error.message).to.include(message)
        expect(error.toDocument().error.message).to.equal(message)
      })
    }

    it('{"error":"..."} bodies give their text', () => {
      const error = upstreamError(400, '{"error":"Invitation not found"}', 'application/json')
      expect(error.exitCode).to.equal(1)
      expect(error.message).to.include('Invitation not found')
      expect(error.toDocument().error.message).to.equal('Invitation not found')
    })

    it('{"error":"..."} with 403 is still exit 4', () => {
      expect(upstreamError(403, '{"error":"Token expired"}').exitCode).to.equal(4)
    })

    it('an HTML page becomes a short one-line description, never the page', () => {
      const page =
        `<!DOCTYPE html>\n<html>\n<head><title>Whoops</title></head>\n` +
        `<body>\n${'<p>stack frame</p>\n'.repeat(500)}</body>\n</html>\n`
      for (const contentType of ['text/html; charset=UTF-8', '']) {
        const error = upstreamError(500, page, contentType)
        expect(error.exitCode).to.equal(1)
        expect(error.message).to.include('500')
        expect(error.message).not.to.include('\n')
        expect(error.message.length).to.be.lessThan(200)
        expect(error.message).not.to.include('<html')
        expect(error.message).not.to.include('stack frame')
        expect(error.details).to.deep.equal([])
        expect(JSON.stringify(error.toDocument()).length).to.be.lessThan(400)
      }
    })

    it('a long plain-text body is cut to one short line', () => {
      const error = upstreamError(502, `Bad gateway\n${'x'.repeat(5000)}`, 'text/plain')
      expect(error.exitCode).to.equal(1)
      expect(error.message).not.to.include('\n')
      expect(error.message).to.include('Bad gateway')
      expect(error.message.length).to.be.lessThan(400)
    })

    it('an empty body still gives a message with the status', () => {
      const error = upstreamError(500, '', '')
      expect(error.exitCode).to.equal(1)
      expect(error.message).to.include('500')
      expect(error.message.length).to.be.greaterThan(10)
    })
  })
})

describe('notJsonError: a success that is not JSON', () => {
  it('after a read: one line naming the status and size, exit 1', () => {
    const error = notJsonError(200, 88, {changes: false, record: {family: 'invoices', ids: ['A']}})
    expect(error.exitCode).to.equal(1)
    expect(error.status).to.equal(200)
    expect(error.message).to.equal('upstream answered 200 with a body that is not JSON (88 bytes): check the base URL')
  })

  it('after a change: the change may have taken effect, and the command that checks it', () => {
    expect(notJsonError(200, 88, {changes: true, record: {family: 'quotes', ids: ['Q']}}).message).to.equal(
      'upstream answered 200 with a body that is not JSON (88 bytes): check the base URL; the change may have ' +
        'taken effect upstream: check with "cli quotes show Q" before sending it again',
    )
    expect(notJsonError(201, 3, {changes: true}).message).to.equal(
      'upstream answered 201 with a body that is not JSON (3 bytes): check the base URL; the change may have ' +
        'taken effect upstream: check before sending it again',
    )
  })
})
