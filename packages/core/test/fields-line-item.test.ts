/** --line-item: splitting the pairs at commas (quotes kept together) and parsing one line item. */
import {expect} from 'chai'

import {parseLineItem, splitPairs} from '../src/input/field-syntax.js'
import {usage} from './helpers.js'

describe('fields: --field / --line-item grammar', () => {
  describe('splitPairs', () => {
    it('splits at commas', () => {
      expect(splitPairs('a=1,b=2,c=x', '--line-item')).to.deep.equal(['a=1', 'b=2', 'c=x'])
    })

    it('keeps commas inside a quoted value (double or single quotes)', () => {
      expect(splitPairs('notes="a, b",cost=1', '--line-item')).to.deep.equal(['notes="a, b"', 'cost=1'])
      expect(splitPairs("notes='a,b,c'", '--line-item')).to.deep.equal(["notes='a,b,c'"])
      expect(splitPairs('a=1,notes="x,y"', '--line-item')).to.deep.equal(['a=1', 'notes="x,y"'])
    })

    it('refuses an unclosed quote, naming the pair', () => {
      usage(() => splitPairs('a=1,notes="x,y', '--line-item'), '--line-item pair "notes=\\"x,y" has an unclosed quote')
    })

    it('refuses text after a closing quote, naming the pair', () => {
      // Quoted as every user value in a message is (shown): escaped, so it stays one line.
      usage(
        () => splitPairs('notes="x"y,b=1', '--line-item'),
        '--line-item pair "notes=\\"x\\"y" has text after its closing quote',
      )
      const broken = usage(() => splitPairs("notes='x,\n,notes='x", '--line-item'), 'has text after its closing quote')
      expect(broken.message).not.to.match(/[\r\n]/)
    })
  })

  describe('parseLineItem', () => {
    it('product_key=A,quantity=2,cost=10 gives one object with numbers', () => {
      expect(parseLineItem('product_key=A,quantity=2,cost=10')).to.deep.equal({product_key: 'A', quantity: 2, cost: 10})
    })

    it('a quoted value keeps its commas and loses its quotes', () => {
      expect(parseLineItem('product_key=A,notes="Design, build and test",cost=10')).to.deep.equal({
        product_key: 'A',
        notes: 'Design, build and test',
        cost: 10,
      })
    })

    it('a quoted number stays a string; 0042 stays a string', () => {
      expect(parseLineItem('product_key="10",custom_value1=0042')).to.deep.equal({
        product_key: '10',
        custom_value1: '0042',
      })
    })

    it('true/false/null and an empty value', () => {
      expect(parseLineItem('is_amount_discount=true,tax_name1=null,notes=')).to.deep.equal({
        is_amount_discount: true,
        tax_name1: null,
        notes: '',
      })
    })

    it('refuses a pair without =, naming the pair', () => {
      usage(() => parseLineItem('product_key=A,quantity,cost=10'), '--line-item pair "quantity" is malformed')
    })

    it('refuses a pair with an empty key, naming the pair', () => {
      usage(() => parseLineItem('product_key=A,=5'), '--line-item pair "=5" is malformed')
    })

    it('refuses an invalid key, naming the pair', () => {
      usage(() => parseLineItem('product-key=A'), '--line-item pair "product-key=A"', 'invalid key')
      usage(() => parseLineItem('a.b=1'), '--line-item pair "a.b=1"')
    })

    it('refuses an empty pair', () => {
      usage(() => parseLineItem('a=1,,b=2'), 'empty pair')
      usage(() => parseLineItem(''), 'empty pair')
    })

    it('refuses a key given twice', () => {
      usage(() => parseLineItem('cost=1,cost=2'), 'cost is set twice')
    })
  })
})
