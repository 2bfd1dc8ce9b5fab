import {expect} from 'chai'

import {
  BACKOFF_CAP_MS,
  backoffMs,
  CONNECT_RETRY_MS,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  RATE_LIMIT_WINDOW_MS,
  retryFor,
} from '../src/http/retry.js'

const NOW = Date.parse('2025-01-01T12:00:00Z')
const fixed = (r: number) => () => r

describe('retry: when a request is sent again, and after how long', () => {
  describe('parseRetryAfter', () => {
    it('reads delta-seconds', () => {
      expect(parseRetryAfter('0', NOW)).to.equal(0)
      expect(parseRetryAfter(' 30 ', NOW)).to.equal(30_000)
    })

    it('reads an HTTP date, relative to now; a past date is 0', () => {
      expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:45 GMT', NOW)).to.equal(45_000)
      expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', NOW)).to.equal(0)
    })

    it('absent or unreadable: undefined', () => {
      for (const v of [undefined, '', 'soon', '-5', '1.5', 'Wed'])
        expect(parseRetryAfter(v, NOW), String(v)).to.equal(undefined)
    })
  })

  describe('backoffMs', () => {
    it('doubles from 1 s with jitter in the upper half, capped at 30 s', () => {
      expect([1, 2, 3, 4].map((n) => backoffMs(n, fixed(0)))).to.deep.equal([500, 1000, 2000, 4000])
      expect([1, 2, 3, 4].map((n) => backoffMs(n, fixed(1)))).to.deep.equal([1000, 2000, 4000, 8000])
      expect(backoffMs(10, fixed(1))).to.equal(BACKOFF_CAP_MS)
      expect(backoffMs(10, fixed(0))).to.equal(BACKOFF_CAP_MS / 2)
    })
  })

  describe('retryFor', () => {
    const READ = {changes: false}
    const CHANGE = {changes: true}

    for (const status of [502, 503, 504]) {
      it(`${status}: a read is retried with backoff, whatever its method; a change never`, () => {
        expect(retryFor(READ, {status}, 1, NOW, fixed(1))).to.deep.equal({
          delayMs: 1000,
          reason: `the upstream answered ${status}`,
        })
        expect(retryFor(CHANGE, {status}, 1, NOW, fixed(1))).to.equal(undefined)
        expect(retryFor(CHANGE, {status, retryAfter: '1'}, 1, NOW)).to.equal(undefined)
      })
    }

    it('other statuses are never retried', () => {
      for (const status of [200, 204, 302, 400, 401, 403, 404, 409, 412, 422, 500, 501]) {
        for (const r of [READ, CHANGE])
          expect(retryFor(r, {status}, 1, NOW), `${JSON.stringify(r)} ${status}`).to.equal(undefined)
      }
    })

    it('429 without Retry-After waits a whole one-minute window (plus up to 2 s of jitter), for reads and changes alike', () => {
      const low = retryFor(READ, {status: 429}, 1, NOW, fixed(0))!
      const high = retryFor(READ, {status: 429}, 3, NOW, fixed(1))!
      expect(low.delayMs).to.equal(RATE_LIMIT_WINDOW_MS)
      expect(high.delayMs).to.equal(RATE_LIMIT_WINDOW_MS + 2000)
      expect(low.reason).to.equal(
        "rate limited (429) without Retry-After: waiting out the upstream's one-minute window",
      )
      // The rate limiter answers before any controller runs: the change was not made.
      expect(retryFor(CHANGE, {status: 429}, 1, NOW, fixed(0))).to.deep.equal(low)
    })

    it('Retry-After is honoured as given (seconds or date), on 429 and 503', () => {
      expect(retryFor(READ, {status: 429, retryAfter: '7'}, 1, NOW)).to.deep.equal({
        delayMs: 7000,
        reason: 'the upstream answered 429 and asked to wait 7s (Retry-After)',
      })
      expect(retryFor(CHANGE, {status: 429, retryAfter: '7'}, 1, NOW)?.delayMs).to.equal(7000)
      expect(retryFor(READ, {status: 503, retryAfter: 'Wed, 01 Jan 2025 12:01:00 GMT'}, 1, NOW)!.delayMs).to.equal(
        60_000,
      )
      expect(retryFor(READ, {status: 503, retryAfter: 'nonsense'}, 1, NOW, fixed(0))!.delayMs).to.equal(500)
    })

    it('a Retry-After beyond five minutes is not waited for', () => {
      expect(retryFor(READ, {status: 429, retryAfter: String(MAX_RETRY_AFTER_MS / 1000)}, 1, NOW)!.delayMs).to.equal(
        MAX_RETRY_AFTER_MS,
      )
      expect(retryFor(READ, {status: 429, retryAfter: String(MAX_RETRY_AFTER_MS / 1000 + 1)}, 1, NOW)).to.equal(
        undefined,
      )
    })

    it('could not connect (nothing sent): reads and changes, once, after 250 ms', () => {
      for (const code of ['ECONNREFUSED', 'EAI_AGAIN']) {
        for (const r of [READ, CHANGE]) {
          expect(retryFor(r, {code}, 1, NOW, fixed(1))).to.deep.equal({
            delayMs: CONNECT_RETRY_MS,
            reason: `could not connect (${code}): nothing was sent`,
            max: 1,
          })
          expect(retryFor(r, {code}, 2, NOW, fixed(1))).to.equal(undefined)
        }
      }
      expect(CONNECT_RETRY_MS).to.be.at.most(250)
    })

    it('a broken connection: reads only', () => {
      for (const code of ['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']) {
        expect(retryFor(READ, {code}, 1, NOW)?.reason).to.equal(`the connection broke (${code})`)
        expect(retryFor(CHANGE, {code}, 1, NOW)).to.equal(undefined)
      }
    })

    it('timeouts, unknown hosts, TLS failures and other errors are not retried', () => {
      for (const code of [
        'ETIMEDOUT',
        'ENOTFOUND',
        'DEPTH_ZERO_SELF_SIGNED_CERT',
        'CERT_HAS_EXPIRED',
        'ERR_NON_2XX_3XX_RESPONSE',
        'ERROR',
      ]) {
        for (const r of [READ, CHANGE]) expect(retryFor(r, {code}, 1, NOW)).to.equal(undefined)
      }
    })
  })
})
