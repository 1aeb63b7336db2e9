/**
 * A models.yaml `match:` written as `/regex/flags`. Its own module so that the router, which
 * compiles it, does not pull the YAML reader into a bundle that only parses.
 */
export function compileModelRegex(pattern: string): RegExp {
  const last = pattern.lastIndexOf('/');
  if (last <= 0) throw new Error(`'${pattern}' is not a /regex/ (it needs a closing slash)`);
  return new RegExp(pattern.slice(1, last), pattern.slice(last + 1));
}
