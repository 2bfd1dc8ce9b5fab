/** Help texts of the resource commands: summary, the route called, examples. */
import type {Family, Verb} from '../registry.js'

const noun = (f: Family): string => f.word.replaceAll('-', ' ')
const withArticle = (word: string): string => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`
const one = (f: Family): string => (f.downloadSegment ?? f.segment.replace(/ies$/, 'y').replace(/uses$/, 'us').replace(/s$/, '')).replaceAll('_', ' ')

export function routeOf(f: Family, verb: Verb): string {
  const base = `/api/v1/${f.segment}`
  switch (verb) {
    case 'list':
      return `GET ${base}`
    case 'show':
      return `GET ${base}/{id}`
    case 'template':
      return `GET ${base}/create`
    case 'edit-template':
      return `GET ${base}/{id}/edit`
    case 'create':
      return `POST ${base}`
    case 'update':
      return `PUT ${base}/{id}`
    case 'delete':
      return `DELETE ${base}/{id}`
    case 'bulk':
      return `POST ${base}/bulk`
    case 'action':
      return f.actionRoute === 'get' ? `GET ${base}/{id}/{action}` : `POST ${base}/bulk (one id)`
    case 'upload':
      return `POST ${base}/{id}/upload (multipart, _method=PUT)`
    case 'download':
      return `GET /api/v1/${f.downloadSegment}/{invitation_key}/download`
  }
}

export function summaryOf(f: Family, verb: Verb): string {
  switch (verb) {
    case 'list':
      return `List ${noun(f)}.`
    case 'show':
      return `Show one ${one(f)}.`
    case 'template':
      return `Show the default payload of a new ${one(f)} (creates nothing).`
    case 'edit-template':
      return `Show ${withArticle(one(f))} in editable form (updates nothing).`
    case 'create':
      return `Create ${withArticle(one(f))}.`
    case 'update':
      return `Update ${withArticle(one(f))}.`
    case 'delete':
      return `Delete ${withArticle(one(f))} (a soft delete upstream: restorable).`
    case 'bulk':
      return `Apply one action to several ${noun(f)}.`
    case 'action':
      return `Apply one action to one ${one(f)}.`
    case 'upload':
      return `Attach files to ${withArticle(one(f))}.`
    case 'download':
      return `Download ${withArticle(one(f))} PDF by invitation key.`
  }
}

function createExample(f: Family): string {
  if (f.documentLike) {
    const party = f.word === 'purchase-orders' ? '--vendor-id VolejRejNm' : '--client-id VolejRejNm'
    return `${party} --line-item product_key=WIDGET,quantity=2,cost=10 --dry-run`
  }
  if (f.word === 'clients') return `--name "Acme Ltd" --field contacts.email=ap@acme.test --dry-run`
  if (f.word === 'products') return `--field product_key=WIDGET --field notes="Blue widget" --price 10 --dry-run`
  return `--data '{"name":"Example"}' --dry-run`
}

export function examplesOf(f: Family, verb: Verb): string[] {
  const cmd = `<%= config.bin %> ${f.word} ${verb}`
  const action = f.actions.find((a) => a !== 'delete') ?? 'archive'
  switch (verb) {
    case 'list':
      return [`${cmd} --per-page 50 --sort 'id|desc'`, `${cmd} --filter status=active --all --output json`]
    case 'show':
      return [`${cmd} VolejRejNm`, `${cmd} VolejRejNm --output json`]
    case 'template':
    case 'edit-template':
      return [`${cmd}${verb === 'edit-template' ? ' VolejRejNm' : ''} --output json`]
    case 'create':
      return [`${cmd} ${createExample(f)}`, `${cmd} --data-file ${one(f).replaceAll(' ', '-')}.json --yes`]
    case 'update':
      return [`${cmd} VolejRejNm --field public_notes="Thank you" --yes`, `${cmd} VolejRejNm --data '{"private_notes":"checked"}' --dry-run`]
    case 'delete':
      return [`${cmd} VolejRejNm --yes`]
    case 'bulk':
      return [`${cmd} --action ${action} --id VolejRejNm --id Wpmbk5ezJn --yes`]
    case 'action':
      return [`${cmd} VolejRejNm --action ${action} --dry-run`]
    case 'upload':
      return [`${cmd} VolejRejNm --file receipt.pdf --yes`]
    case 'download':
      return [`${cmd} 5a1b2c3d4e --output-file ${one(f).replaceAll(' ', '-')}.pdf`]
  }
}
