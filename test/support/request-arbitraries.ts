import fc from 'fast-check'

/**
 * fast-check arbitraries of HTTP requests for the operations of our OpenAPI document: each path
 * parameter, query parameter and body field is either a value its schema welcomes or a hostile one,
 * so a run reaches the handlers as well as the validation in front of them.
 */

export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
}

export interface Operation {
  method: string
  path: string
  parameters: Array<{ in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }>
  body?: JsonSchema
}

export interface FuzzRequest {
  method: string
  url: string
  payload?: string
}

/** The operations of an OpenAPI document, with their parameters and JSON body schema. */
export function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: (operation.parameters ?? []) as Operation['parameters'],
      body: (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content?.['application/json']?.schema,
    })),
  )
}

const today = new Date().toISOString().slice(0, 10)

/** Texts that once broke the API, or that a careless or hostile client sends. */
const HOSTILE_TEXTS = [
  '2147483648',
  '2147483647',
  '9007199254740993',
  '99999999999999999999999',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  ' 1',
  '1 ',
  '01',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[45]',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '=HYPERLINK("https://evil.example","x")',
  "'; drop table items; --",
  '%',
  '../../etc/passwd',
  '99999999.99',
  '100000000.00',
  '0.001',
  'x'.repeat(5000),
]

/** JSON values of the wrong kind or out of range for any field. */
const HOSTILE_JSON: unknown[] = [
  2147483648,
  -2147483649,
  2 ** 53,
  1e308,
  -1,
  0,
  0.5,
  true,
  false,
  null,
  [45],
  [],
  {},
  { $gt: 0 },
  ...HOSTILE_TEXTS,
]

/** Raw text in a URL (path or query) that encoding would hide: encoded spaces, NUL, slashes, dots. */
const RAW_URL_TEXTS = ['%201', '1%20', '%00', '%2F', '..%2F..', '%2e%2e', '%C0%AF', '%', '%zz', '1%0a']

/** Values real clients send for well-known fields, so some requests get past validation and write. */
const PLAUSIBLE: Record<string, unknown[]> = {
  condition: ['New/Sealed', 'Used/Complete', 'New', 'Used'],
  price: ['10', '649.99', '99999999.99', '0.01'],
  pricePaid: ['10', '99999999.99', ''],
  saleDate: [today, '2020-02-29'],
  purchaseDate: [today, '2020-02-29', null],
  email: ['fuzz@example.com', 'FUZZ@EXAMPLE.COM'],
  password: ['correct horse battery'],
  name: ['Fuzz Tower', '=SUM(1+1)'],
  number: ['75192-1', '999001-1'],
  theme: ['City', 'Star Wars'],
  imageUrl: ['https://cdn.rebrickable.com/media/sets/60380-1.jpg'],
  proofUrl: ['https://example.com/sold', ''],
}

const hostileText = fc.oneof(fc.constantFrom(...HOSTILE_TEXTS), fc.string({ maxLength: 30, unit: 'binary' }))
const hostileJson = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_JSON) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
)

/** A value the schema describes (or, for a field without one, something close). */
export function welcomeValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const plausible = PLAUSIBLE[name]
  const fromSchema = valueOfSchema(schema, name)
  return plausible ? fc.oneof(fc.constantFrom(...plausible), fromSchema) : fromSchema
}

function valueOfSchema(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return fc.oneof(...branches.map((branch) => welcomeValue(branch, name)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000_000
      const max = schema.maximum ?? 1_000_000
      // Mostly small: small ids are the ones that name rows of the seeded database.
      return fc.oneof(
        fc.integer({ min, max: Math.min(max, min + 60) }),
        fc.integer({ min, max }),
        fc.constantFrom(min, max, min - 1, max + 1),
      )
    }
    case 'string':
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .map((text) => text.slice(0, schema.maxLength ?? 100))
      }
      if (schema.format === 'uri') return fc.webUrl()
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(fieldValue(schema.items ?? {}, name), { maxLength: 3 })
    case 'object':
      return objectOf(schema)
    default:
      return fc.jsonValue({ maxDepth: 1 })
  }
}

/** A field's value: mostly welcome, sometimes hostile. */
function fieldValue(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: welcomeValue(schema, name) }, { weight: 1, arbitrary: hostileJson })
}

/** An object of welcome values only: the bodies most likely to get past validation to the handler. */
function welcomeObjectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, welcomeValue(property, name)]),
  )
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) })
}

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, fieldValue(property, name)]),
  )
  const known = fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) })
  // Now and then a field nobody asked for, of any kind.
  return fc
    .tuple(known, fc.option(fc.dictionary(fc.string({ maxLength: 8 }), hostileJson, { maxKeys: 2 })))
    .map(([fields, extra]) => ({ ...(extra ?? {}), ...fields }))
}

/** Text for a path or query parameter: what its schema welcomes, hostile text, or raw URL text. */
function parameterText(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: welcomeValue(schema, name).map((value) =>
        encode(typeof value === 'string' ? value : JSON.stringify(value)),
      ),
    },
    { weight: 2, arbitrary: hostileText.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_TEXTS) },
  )
}

function queryOf(operation: Operation): fc.Arbitrary<string> {
  const declared = operation.parameters.filter((parameter) => parameter.in === 'query')
  const pairs = declared.map((parameter) =>
    fc.option(
      // A parameter sent twice arrives as an array.
      fc
        .array(parameterText(parameter.schema, parameter.name), { minLength: 1, maxLength: 2 })
        .map((values) => values.map((value) => `${encode(parameter.name)}=${value}`)),
      { freq: 2 },
    ),
  )
  const unknown = fc.option(
    fc
      .tuple(fc.string({ maxLength: 6 }), hostileText)
      .map(([key, value]) => [`${encode(key)}=${encode(value)}`]),
  )
  return fc.tuple(fc.tuple(...pairs), unknown).map(([declaredPairs, extra]) => {
    const parts = [...declaredPairs, extra].filter((part) => part !== null).flat()
    return parts.length > 0 ? `?${parts.join('&')}` : ''
  })
}

function pathOf(operation: Operation): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string)
  const schemas = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
  )
  return fc
    .tuple(...names.map((name) => parameterText(schemas[name] ?? {}, name)))
    .map((values) =>
      names.reduce((path, name, index) => path.replace(`{${name}}`, values[index] as string), operation.path),
    )
}

function bodyOf(operation: Operation): fc.Arbitrary<string | undefined> {
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method)
  const welcome = operation.body
    ? [
        { weight: 4, arbitrary: welcomeObjectOf(operation.body).map(toJson) },
        { weight: 4, arbitrary: objectOf(operation.body).map(toJson) },
      ]
    : []
  return fc.oneof(
    ...welcome,
    { weight: 1, arbitrary: hostileJson.map(toJson) },
    // Not JSON at all, cut short, or JSON that reaches for prototypes.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        'nul',
        '"\\u0000"',
        '[[[[[[[[[[',
        '{"__proto__":{"role":"admin"}}',
        '{"constructor":{"prototype":{"role":"admin"}}}',
      ),
    },
    { weight: hasBody ? 1 : 4, arbitrary: fc.constant(undefined) },
  )
}

const toJson = (value: unknown) => JSON.stringify(value) ?? 'null'

/** A lone surrogate cannot be percent-encoded (UTF-8 has none); it travels as U+FFFD, as a browser sends it. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'))
  }
}

/** Requests to `operation`: its path, query and body, each welcome or hostile. */
export function requestsFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(pathOf(operation), queryOf(operation), bodyOf(operation))
    .map(([path, query, payload]) => ({ method: operation.method, url: `${path}${query}`, payload }))
}
