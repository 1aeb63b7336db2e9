/**
 * What the page gets for the Node built-ins that core's models.yaml loader imports: the page never
 * loads a models.yaml or a plugin from disk (it routes with the formats' own model patterns), so
 * these only have to exist. Each throws if it is ever called.
 */
const unavailable = (name: string) => () => {
  throw new Error(`${name} is not available in the browser`);
};

export const readFile = unavailable('fs.readFile');
export const createRequire = unavailable('module.createRequire');
export const dirname = unavailable('path.dirname');
export const resolve = unavailable('path.resolve');
export const pathToFileURL = unavailable('url.pathToFileURL');
export default {};
