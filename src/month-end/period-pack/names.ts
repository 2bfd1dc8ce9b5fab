/**
 * File names of a pack that cannot collide (issue 30). A record's file is named by its number made safe for a file
 * system (`2024/01` becomes `2024_01`, ` 0007 ` becomes `0007`), so two numbers can map to one name, and on a
 * case-insensitive disk `INV-1` and `inv-1` do too: the second download would replace the first. Where two records'
 * names meet, each of them carries its id beside its number (`invoices/0007_Iv7kL5nPq4.pdf`). Pure.
 */
import type {PackFile} from './ledger.js'

/** The record's part of a pack path: `invoices/0007.pdf` → `0007`; `expenses/0007/Dk1_a.png` → `0007`. */
function split(file: string): {family: string; name: string; tail: string} {
  const slash = file.indexOf('/')
  const family = file.slice(0, slash)
  const rest = file.slice(slash + 1)
  const folder = rest.indexOf('/')
  if (folder >= 0) return {family, name: rest.slice(0, folder), tail: rest.slice(folder)}
  const ext = /\.(pdf|xml)$/.exec(rest)?.[0] ?? ''
  return {family, name: rest.slice(0, rest.length - ext.length), tail: ext}
}

/** How a disk may compare names: in any case, composed the same. */
const sameOnDisk = (name: string): string => name.normalize('NFC').toLowerCase()

/** The files with distinct names: where two records' names meet, both carry their ids. Order kept. */
export function distinctNames<T extends PackFile>(files: readonly T[]): T[] {
  const owners = new Map<string, Set<string>>()
  for (const f of files) {
    const {family, name} = split(f.file)
    const key = `${family}/${sameOnDisk(name)}`
    owners.set(key, (owners.get(key) ?? new Set()).add(f.record))
  }
  return files.map((f) => {
    const {family, name, tail} = split(f.file)
    if ((owners.get(`${family}/${sameOnDisk(name)}`)?.size ?? 0) < 2) return f
    return {...f, file: `${family}/${name}_${f.record}${tail}`}
  })
}

/**
 * The count check: every record of a family whose records each have a PDF has its PDF among the files in the pack.
 * One line a family short of it (`invoices: 9 of 10 records have their PDF in the pack`), none when all do.
 */
export function missingPdfs(
  ledgers: ReadonlyArray<{family: string; records: number; pdf: boolean}>,
  inPack: ReadonlyArray<{file: string; record: string}>,
): string[] {
  return ledgers.flatMap((l) => {
    if (!l.pdf) return []
    const have = new Set(
      inPack.filter((f) => f.file.startsWith(`${l.family}/`) && f.file.endsWith('.pdf')).map((f) => f.record),
    )
    return have.size >= l.records
      ? []
      : [`${l.family}: ${have.size} of ${l.records} records have their PDF in the pack`]
  })
}
