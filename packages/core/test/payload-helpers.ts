/** What the payload-*.test.ts files share: a document-like and a plain family, and a stdin that must not be read. */
export const DOC = {documentLike: true, familyWord: 'invoices'}
export const PLAIN = {documentLike: false, familyWord: 'clients'}
export const noStdin = async (): Promise<string> => {
  throw new Error('stdin must not be read')
}
