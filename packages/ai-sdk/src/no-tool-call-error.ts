/**
 * What a turn that had to call a tool (`toolChoice: 'required'` or a named tool) and did not is
 * reported as: thrown by `generateText`, an `error` part in `streamText`'s stream. A silent
 * text answer would let an agent loop that depends on the call go on as if it had been made.
 */
export class NoToolCallError extends Error {
  override readonly name = 'ToolformatNoToolCallError';
  /** `'required'`, or the name of the tool that had to be called. */
  readonly required: string;
  /** The turn's text as the model wrote it (markup included), for logs and retries. */
  readonly text: string;

  constructor(required: string, text: string) {
    const what = required === 'required' ? 'a tool (toolChoice: required)' : `the tool '${required}'`;
    super(
      `The model had to call ${what} but its turn held no call toolformat could read. ` +
        'Check that the model routes to the format it writes (models.yaml, or the `model` / `format` ' +
        'option of toolformatMiddleware), or relax toolChoice.',
    );
    this.required = required;
    this.text = text;
  }
}
