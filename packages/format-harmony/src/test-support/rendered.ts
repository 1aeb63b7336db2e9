/**
 * Expected texts, copied byte for byte from the gpt-oss chat template rendered with the weather
 * conversation (`WEATHER_TOOL` / `WEATHER_CALLS`; the render, gpt_oss.txt, is kept with the
 * project's other template renders, outside this repository), and from the same
 * template rendered (Jinja2, trim_blocks and lstrip_blocks as transformers sets them) with the
 * schemas below, to hold the template's quirks for nested types.
 */
export { WEATHER_CALLS, WEATHER_TOOL } from '@toolformat/core/testing';

/** The template writes the first call of the turn only (it drops parallel calls). */
export const FIRST_CALL =
  '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"location": "Paris", "unit": "celsius"}<|call|>';

export const WEATHER_RESULTS = [
  { id: 'a1b2c3d4e', name: 'get_weather', content: '{"temperature": 22, "condition": "sunny"}' },
  { id: 'f5g6h7i8j', name: 'get_weather', content: '{"temperature": 15, "condition": "rain"}' },
];

export const RESULTS =
  '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>"{\\"temperature\\": 22, \\"condition\\": \\"sunny\\"}"<|end|><|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>"{\\"temperature\\": 15, \\"condition\\": \\"rain\\"}"<|end|>';

/** The developer message's content, with the system prompt "You are a helpful assistant." */
export const DEVELOPER =
  '# Instructions\n\nYou are a helpful assistant.\n\n# Tools\n\n## functions\n\nnamespace functions {\n\n// Get the current weather for a city.\ntype get_weather = (_: {\n// City name\nlocation: string,\n// Temperature unit\nunit?: "celsius" | "fahrenheit",\n}) => any;\n\n} // namespace functions';

/** Every branch of the template's `render_typescript_type`. */
export const SCHEMA_TOOLS = [
  {
    type: 'function' as const,
    function: {
      name: 'search',
      description: 'Search things.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to look for' },
          limit: { type: 'integer', default: 10 },
          mode: { type: 'string', enum: ['fast', 'deep'], default: 'fast' },
          tags: { type: 'array', items: { type: 'string' } },
          scores: { type: 'array', items: { type: 'integer' }, nullable: true },
          filters: {
            type: 'array',
            items: {
              type: 'object',
              properties: { k: { type: 'string' }, v: { type: 'number' } },
              required: ['k'],
            },
          },
          opts: {
            type: 'object',
            properties: { deep: { type: 'boolean' }, lang: { type: 'string', nullable: true } },
            required: ['deep'],
            description: 'Options',
          },
          free: { type: 'object' },
          either: {
            oneOf: [
              { type: 'string', description: 'a name' },
              { type: 'integer', default: 3 },
            ],
          },
          multi: { type: ['string', 'null'] },
          single: { type: ['number'] },
          anything: {},
          flag: { type: 'boolean', default: false },
          nested: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          bare_arr: { type: 'array' },
          nstr: { type: 'string', nullable: true },
        },
        required: ['query'],
      },
    },
  },
  {
    type: 'function' as const,
    function: { name: 'ping', description: 'No params.', parameters: { type: 'object', properties: {} } },
  },
  { type: 'function' as const, function: { name: 'noparams', description: 'None at all.' } },
];

export const SCHEMA_DEVELOPER =
  '# Tools\n\n## functions\n\nnamespace functions {\n\n// Search things.\ntype search = (_: {\n// What to look for\nquery: string,\nlimit?: number, // default: 10,\nmode?: "fast" | "deep", // default: fast,\ntags?: string[],\nscores?: number[] | null,\nfilters?: any[],\n// Options\nopts?: {\ndeep: \n                boolean, lang?: \n                string | null},\nfree?: object,\neither?: string// a name | \nnumber                    // default: 3,\nmulti?: string | null,\nsingle?: number,\nanything?: any,\nflag?: boolean, // default: false,\nnested?: string[][],\nbare_arr?: any[],\nnstr?: string | null,\n}) => any;\n\n// No params.\ntype ping = () => any;\n\n// None at all.\ntype noparams = () => any;\n\n} // namespace functions';

/** A short array of objects keeps its type; a union with an object is written out. */
export const PICK_TOOL = {
  type: 'function' as const,
  function: {
    name: 'pick',
    description: 'Pick.',
    parameters: {
      type: 'object',
      properties: {
        points: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } },
        shape: { oneOf: [{ type: 'object' }, { type: 'string', enum: ['a', 'b'] }], default: 'a' },
        t: { type: 'array', items: { type: ['string', 'null'] } },
      },
      required: ['points'],
    },
  },
};

export const PICK_DEVELOPER =
  '# Tools\n\n## functions\n\nnamespace functions {\n\n// Pick.\ntype pick = (_: {\npoints: {\nx?: \n                number}[],\nshape?: object | \n"a" | "b"// default: a,\nt?: string | null[],\n}) => any;\n\n} // namespace functions';
