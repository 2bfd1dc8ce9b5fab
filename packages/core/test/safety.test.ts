/** Small checks that keep bad input, secrets and stray paths out: file names, transport, input text, options. */
import {expect} from 'chai'

import {fileNameFromDisposition, safeFileName} from '../src/output/filename.js'
import {checkInputValues, checkSecret, checkText} from '../src/input/typed-values.js'
import {netOptions, parseTimeoutSeconds} from '../src/http/net-options.js'
import {checkTransport, isLoopbackHost} from '../src/plan/request.js'
import {usage} from './helpers.js'

describe('safety checks', () => {
  describe('Content-Disposition file names', () => {
    it('reads filename=, quoted or not, and prefers filename*=', () => {
      expect(fileNameFromDisposition('attachment; filename=Quote_0001.pdf')).to.equal('Quote_0001.pdf')
      expect(fileNameFromDisposition('attachment; filename="Quote 0001.pdf"')).to.equal('Quote 0001.pdf')
      expect(fileNameFromDisposition('attachment; filename="a\\"b.pdf"')).to.equal('a"b.pdf')
      expect(
        fileNameFromDisposition(`attachment; filename="x.pdf"; filename*=UTF-8''Angebot%20M%C3%BCller.pdf`),
      ).to.equal('Angebot Müller.pdf')
      expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A.pdf; filename=plain.pdf`)).to.equal(
        'plain.pdf',
      )
      expect(fileNameFromDisposition('attachment')).to.equal(undefined)
      expect(fileNameFromDisposition(undefined)).to.equal(undefined)
    })

    it('never leaves the folder: separators become _, leading dots go, control characters go', () => {
      expect(safeFileName('../../etc/passwd', 'd.pdf')).to.equal('_.._etc_passwd')
      expect(safeFileName('..\\..\\win.ini', 'd.pdf')).to.equal('_.._win.ini')
      expect(safeFileName('/abs/path.pdf', 'd.pdf')).to.equal('_abs_path.pdf')
      expect(safeFileName('..', 'd.pdf')).to.equal('d.pdf')
      expect(safeFileName('.', 'd.pdf')).to.equal('d.pdf')
      expect(safeFileName('.hidden', 'd.pdf')).to.equal('hidden')
      expect(safeFileName('a\u0000b\nc\u001B[31m.pdf', 'd.pdf')).to.equal('abc[31m.pdf')
      expect(safeFileName('   ', 'd.pdf')).to.equal('d.pdf')
      expect(safeFileName(undefined, 'd.pdf')).to.equal('d.pdf')
    })

    it('cuts long names to 200 bytes, keeping the extension', () => {
      const name = safeFileName(`${'ü'.repeat(300)}.pdf`, 'd.pdf')
      expect(Buffer.byteLength(name)).to.be.at.most(200)
      expect(name.endsWith('.pdf')).to.equal(true)
    })
  })

  describe('transport', () => {
    it('loopback hosts', () => {
      for (const h of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])
        expect(isLoopbackHost(h), h).to.equal(true)
      for (const h of [
        'example.com',
        '10.0.0.1',
        '128.0.0.1',
        '127.0.0.1.example.com',
        'localhost.example.com',
        '[::2]',
      ])
        expect(isLoopbackHost(h), h).to.equal(false)
    })

    it('plain http:// to another host is refused unless insecure; https and loopback are fine', () => {
      usage(
        () => checkTransport('http://invoicing.example.com', false),
        'refusing to send the API token over plain http:// to invoicing.example.com',
        '--insecure',
        'CLI_INSECURE=1',
      )
      checkTransport('http://invoicing.example.com', true)
      checkTransport('https://invoicing.example.com', false)
      checkTransport('http://127.0.0.1:8000', false)
      checkTransport('http://localhost', false)
      checkTransport('http://[::1]:8000', false)
    })
  })

  describe('input text', () => {
    it('refuses control characters other than tab and newline (CR included), and undecodable bytes', () => {
      usage(() => checkText('a\u001Bb', '--name'), '--name contains a control character (U+001B): remove it')
      usage(() => checkText('a\u0000', '--name'), 'U+0000')
      usage(() => checkText('a\u007F', '--name'), 'U+007F')
      usage(() => checkText('a\u0085', '--name'), 'U+0085')
      usage(() => checkText('caf\uFFFD', '--name'), '--name is not valid UTF-8 text')
      checkText('line 1\nline 2\tand\n', '--public-notes')
      usage(() => checkText('Invoice\r\nBcc: x@y.test', '--subject'), '--subject contains a control character (U+000D)')
      checkText('Café ünïcode €', '--name')
    })

    it('checks every string flag, repeated flags and arguments', () => {
      usage(() => checkInputValues({field: ['a=1', 'b=\u0007']}, {}), '--field contains a control character (U+0007)')
      usage(() => checkInputValues({}, {invitation_key: 'k\u0001'}), 'invitation key contains a control character')
      checkInputValues({page: 2, yes: true, field: ['a=1']}, {id: 'VolejRejNm'})
    })

    it('secrets must be sendable as headers; the message never holds them', () => {
      const error = usage(
        () => checkSecret('tok en', 'the API token'),
        'the API token holds characters that cannot be sent in a header',
      )
      expect(error.message).not.to.include('tok en')
      usage(() => checkSecret('tøken', 'the API token'))
      usage(() => checkSecret('a\nb', 'CLI_API_PASSWORD', true))
      checkSecret('pass word!', 'CLI_API_PASSWORD', true)
      checkSecret('abc-DEF_123', 'the API token')
    })
  })

  describe('network options', () => {
    it('defaults: 60 s, answers up to 256 MB, 3 retries, unscaled waits, secure, quiet', () => {
      expect(netOptions({}, {})).to.deep.equal({
        timeoutMs: 60_000,
        maxResponseBytes: 256 * 1024 * 1024,
        retries: 3,
        waitScale: 1,
        insecure: false,
        verbose: false,
      })
    })

    it('CLI_MAX_RESPONSE_MB sets the size cap in MB (decimals allowed); anything else is a usage error', () => {
      expect(netOptions({}, {CLI_MAX_RESPONSE_MB: '1'}).maxResponseBytes).to.equal(1024 * 1024)
      expect(netOptions({}, {CLI_MAX_RESPONSE_MB: '0.5'}).maxResponseBytes).to.equal(512 * 1024)
      for (const bad of ['', '0', '-1', 'abc', '1e3', '2000000'])
        usage(
          () => netOptions({}, {CLI_MAX_RESPONSE_MB: bad}),
          'CLI_MAX_RESPONSE_MB must be a number of megabytes above 0',
        )
    })

    it('--timeout wins over CLI_TIMEOUT; decimals are fine', () => {
      expect(netOptions({timeout: '2.5'}, {CLI_TIMEOUT: '9'}).timeoutMs).to.equal(2500)
      expect(netOptions({}, {CLI_TIMEOUT: '9'}).timeoutMs).to.equal(9000)
    })

    it('refuses timeouts that are not a number of seconds in (0, 3600]', () => {
      for (const bad of ['', '0', '-1', 'abc', '1e3', '3601', '99999999999', '1,5', ' '])
        usage(() => parseTimeoutSeconds(bad, '--timeout'), '--timeout must be a number of seconds')
      usage(() => netOptions({}, {CLI_TIMEOUT: 'soon'}), 'CLI_TIMEOUT must be a number of seconds')
      expect(parseTimeoutSeconds('3600', '--timeout')).to.equal(3600)
    })

    it('CLI_INSECURE and CLI_RETRY_WAIT_SCALE', () => {
      expect(netOptions({}, {CLI_INSECURE: '1'}).insecure).to.equal(true)
      expect(netOptions({}, {CLI_INSECURE: 'false'}).insecure).to.equal(false)
      expect(netOptions({insecure: true}, {}).insecure).to.equal(true)
      usage(() => netOptions({}, {CLI_INSECURE: 'maybe'}), 'CLI_INSECURE must be 1 or 0')
      expect(netOptions({}, {CLI_RETRY_WAIT_SCALE: '0.001'}).waitScale).to.equal(0.001)
      for (const bad of ['-1', '2', 'x', ''])
        usage(() => netOptions({}, {CLI_RETRY_WAIT_SCALE: bad}), 'CLI_RETRY_WAIT_SCALE must be a number from 0 to 1')
    })
  })
})
