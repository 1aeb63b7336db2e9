/**
 * A mistake in how the command was called (unknown flag, missing file, bad combination).
 * main() prints the message, then the usage of `command`, and exits 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** The command whose usage is printed after the message; undefined for the overview. */
    readonly command?: string,
  ) {
    super(message);
  }
}
