/**
 * The text of a value between XML-style tags: entities, CDATA, and the newlines a layout adds.
 */
import { describe, expect, it } from 'vitest';
import { decodeName, decodeXmlText, unwrapLayout, type ValueLayout, valueText } from './xml-text.js';

describe('the text of a value', () => {
  it('decodes the five entities and character references; other ampersands are text', () => {
    expect(
      decodeXmlText('a &lt;b&gt; &amp;&quot;&apos; &#233;&#x1F600; & &unknown; &#xZZ; &constructor;'),
    ).toBe('a <b> &"\' é😀 & &unknown; &#xZZ; &constructor;');
  });

  it('unwraps CDATA verbatim, entities inside left alone', () => {
    expect(decodeXmlText('x <![CDATA[&lt; </p>]]> &lt;')).toBe('x &lt; </p> <');
    expect(valueText('\n<![CDATA[\n  keep\n]]>\n', 'lines')).toBe('\n  keep\n');
    expect(decodeXmlText('open <![CDATA[ never closed')).toBe('open <![CDATA[ never closed');
  });

  /** Each case: the text between the tags, its layout, the value. */
  const unwrapped = (cases: ReadonlyArray<readonly [string, ValueLayout, string]>) => {
    for (const [text, layout, value] of cases)
      expect(unwrapLayout(text, layout), JSON.stringify(text)).toBe(value);
  };

  it('removes the newline the layout adds, no more', () => {
    unwrapped([
      ['\nline\n\n', 'lines', 'line\n'],
      ['\r\nline\r\n', 'lines', 'line'],
      ['line\n', 'lines', 'line'],
      ['line\n', 'inline', 'line\n'],
      ['\nline\n', 'inline', 'line'],
      ['\n', 'lines', ''],
    ]);
  });

  it('takes the blanks around a value on the tag line for the layout newlines they stand in for', () => {
    unwrapped([
      // `<parameter=filepath> test.txt\n`, and `<parameter=command>…--full </tool_call>` with no close tag.
      [' test.txt\n', 'lines', 'test.txt'],
      ['screenshot /tmp/x.png --full ', 'lines', 'screenshot /tmp/x.png --full'],
      ['Paris \t\r\n', 'lines', 'Paris'],
      // On lines of their own, the value's blanks are its own (only the newlines are layout).
      ['\n  indented  \n', 'lines', '  indented  '],
      ['two\nlines  ', 'lines', 'two\nlines'],
      // The inline layout writes values as they are.
      ['kept ', 'inline', 'kept '],
    ]);
  });
});

describe('decodeName', () => {
  it('decodes entities and trims', () => {
    expect(decodeName('  get&#95;weather \n')).toBe('get_weather');
  });
});
