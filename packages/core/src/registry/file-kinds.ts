/** What a file answer must be (a leaf module: operations and plans name these without reaching the registry). */

/**
 * Actions whose answer is a file, and what the file must be for one record (`action`, or `bulk`
 * with one id) and for several (`bulk` with more): a PDF (`%PDF`), or a zip (`PK`) where several
 * records can come back as one answer (FACTS: bulk `download` of one id answers its PDF, of several
 * a zip; bulk_print merges them into one PDF). They need --output-file, and an answer that is not
 * the file (an HTML login page, a JSON message) is an error, never saved.
 */
export const FILE_ACTIONS: Readonly<Record<string, Readonly<{one: FileKind; several: FileKind}>>> = {
  download: {one: 'pdf', several: 'pdf-or-zip'},
  bulk_print: {one: 'pdf', several: 'pdf'},
  bulk_download: {one: 'pdf-or-zip', several: 'pdf-or-zip'},
}
export type FileKind = 'pdf' | 'pdf-or-zip' | 'xml' | 'any'
