/**
 * The types of the server's field and filter knowledge (registry/server/*.ts): what the Invoice
 * Ninja server itself enforces, read from its source by scripts/server-facts.ts, where the
 * published OpenAPI document is wrong in many places.
 */

/**
 * Field types as the server enforces them:
 * - hid: a hashed id string (`"VolejRejNm"`), which the request decodes;
 * - iid: an integer id or code (statics' currency_id, country_id, ...), taken as 1 or "1";
 * - num: a number; int: an integer; bool: a boolean;
 * - date: a date, Y-m-d; email: an e-mail address; url: a URL; str: a string;
 * - obj: an object; objs: a list of objects; strs: a list of strings.
 */
export const SERVER_TYPES = [
  'hid',
  'iid',
  'num',
  'int',
  'bool',
  'date',
  'email',
  'url',
  'str',
  'obj',
  'objs',
  'strs',
] as const
export type ServerType = (typeof SERVER_TYPES)[number]

/** Field names (space-separated, in any whitespace) by the type the server enforces. */
export type ServerFields = Partial<Record<ServerType, string>>

/** One list filter: what its value means, and the values it knows when it knows a fixed set. */
export interface FilterFact {
  /** What the value means, in a short phrase. */
  readonly means: string
  /** The values the filter acts on (space-separated); any other value is ignored. */
  readonly values?: string
  /** For `filter`: the columns it searches (space-separated), a related record's as `client.name`. */
  readonly search?: string
  /**
   * The family whose record the value names by its hashed id (`itself` in the generic filters: the listed family's):
   * the CLI looks a key given there up (commands/resource/filter-keys.ts).
   */
  readonly record?: string
}

/** The keys of one item of a list field (a line item, a contact), by type, and the keys an answer gives. */
export interface ElementFacts {
  readonly fields: ServerFields
  /** Keys whose type a rule of the owning requests enforces (`contacts.*.email`), as FamilyFacts' `strict`. */
  readonly strict?: string
  /** Keys of the item in the server's answers (space-separated), when they differ from the fields. */
  readonly answer?: string
}

/** What the server knows of one family (keyed by the command word; the route segment is it with `-` → `_`). */
export interface FamilyFacts {
  /**
   * What create and update may carry: the model's fillable attributes and the keys its store and
   * update requests' rules name, by type. Absent for families the server has no writes for.
   */
  readonly fields?: ServerFields
  /**
   * Fields whose type a rule of the store or update request enforces (`integer`, `numeric`, `boolean`,
   * `date`, `email`, `url`, `string`, `array`): the server refuses a value of another type. The
   * others' types are casts, which convert what they are given.
   */
  readonly strict?: string
  /** Fields create and update must carry (space-separated), nothing filling them in when missing. */
  readonly required?: {readonly create?: string; readonly update?: string}
  /** Fields an update may only repeat: the value the record already has (`client_id` of a document). */
  readonly fixed?: string
  /**
   * Fields the store or update request sets aside however they are sent (removed, or set to what the server works
   * out: a document's `amount` comes from its lines): sent, they change nothing.
   */
  readonly ignored?: {readonly create?: string; readonly update?: string}
  /**
   * Fields of `ignored` the request keeps when another key is sent as true (a product's `in_stock_quantity` with
   * `update_in_stock_quantity`): field → that key.
   */
  readonly keptWith?: Readonly<Record<string, string>>
  /**
   * Fields the update request sets anew when an update leaves them out (a product's `quantity` to 1, an expense's
   * `currency_id` to the company's): the CLI's update sends the record's own (commands/resource/update-plan.ts).
   */
  readonly refilled?: {readonly update?: string}
  /**
   * Fields every save works out itself once the rules have passed (a document's `amount` and `total_taxes`, from its
   * lines): their values are checked, and change nothing.
   */
  readonly calculated?: string
  /**
   * The values a field accepts when its rules or its table column (an enum) name a fixed set
   * (space-separated); dotted keys reach into objects (`parameters.date_range`).
   */
  readonly values?: Readonly<Record<string, string>>
  /**
   * The items of a list field, or the keys of an object field: the name of an element table
   * (ELEMENT_FACTS: `line_item`, `client_contact`, `vendor_contact`) or the keys by type.
   */
  readonly items?: Readonly<Record<string, string | ServerFields>>
  /** The keys of a record in the server's answers (its transformer), in the order it gives them. */
  readonly answer: string
  /** Relations `include` may name (space-separated); those the answer always embeds come first. */
  readonly includes?: string
  /** The filters of the family's own filter class. Absent when its list route has no filter class. */
  readonly filters?: Readonly<Record<string, FilterFact>>
  /** The generic filters (GENERIC_FILTERS) that apply to the family's records (space-separated). */
  readonly generic?: string
}

/** A group's facts by command word, each made when first asked for: a run reads its own family's only. */
export type FamilyFactsMakers = Readonly<Record<string, () => FamilyFacts>>
