/**
 * `<document family> preview --client-id ... --line-item ... --output-file x.pdf`: the PDF of a document that is not
 * saved, as the web UI's live preview draws it (POST /live_preview?entity=..., purchase orders
 * /live_preview/purchase_order). Its body is what a create would send, built by the same flags; nothing is saved.
 */
import {apiPath, type Json} from '../../plan/request.js'
import type {Operation} from './operation.js'

export function previewOperation(word: string, entity: string): Operation {
  const noun = entity.replaceAll('_', ' ')
  const po = entity === 'purchase_order'
  return {
    name: 'preview',
    summary: `The PDF of a ${noun} that is not saved, from the flags a create takes (nothing is saved).`,
    route: po ? 'POST /api/v1/live_preview/purchase_order' : `POST /api/v1/live_preview?entity=${entity}`,
    payload: true,
    outputFile: true,
    mutating: false,
    flags: {},
    examples: [
      `<%= config.bin %> ${word} preview ${po ? '--vendor-id {vendors}' : '--client-id {clients}'} ` +
        '--line-item product_key=WIDGET,quantity=2,cost=10 --output-file preview.pdf',
    ],
    build: (v) => ({
      request: {
        method: 'POST',
        path: po ? apiPath('live_preview', 'purchase_order') : apiPath('live_preview'),
        query: po ? [] : [['entity', entity]],
        body: (v.payload ?? {}) as Json,
        changes: false,
        record: {family: word, ids: []},
      },
      file: 'pdf',
    }),
  }
}
