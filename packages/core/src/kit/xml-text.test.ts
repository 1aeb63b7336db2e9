/**
 * The text of a value between XML-style tags: entities, CDATA, and the newlines a layout adds.
 */
import { describe, expect, it } from 'vitest';
import { decodeName, decodeXmlText, unwrapLayout, valueText } from './xml-text.js';

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

  it('removes the newline the layout adds, no more', () => {
    expect(unwrapLayout('\nline\n\n', 'lines')).toBe('line\n');
    expect(unwrapLayout('\r\nline\r\n', 'lines')).toBe('line');
    expect(unwrapLayout('line\n', 'lines')).toBe('line');
    expect(unwrapLayout('line\n', 'inline')).toBe('line\n');
    expect(unwrapLayout('\nline\n', 'inline')).toBe('line');
    expect(unwrapLayout('\n', 'lines')).toBe('');
  });

  it('takes the blanks around a value on the tag line for the layout newlines they stand in for', () => {
    // `<parameter=filepath> test.txt\n`, and `<parameter=command>…--full </tool_call>` with no close tag.
    expect(unwrapLayout(' test.txt\n', 'lines')).toBe('test.txt');
    expect(unwrapLayout('screenshot /tmp/x.png --full ', 'lines')).toBe('screenshot /tmp/x.png --full');
    expect(unwrapLayout('Paris \t\r\n', 'lines')).toBe('Paris');
    // On lines of their own, the value's blanks are its own (only the newlines are layout).
    expect(unwrapLayout('\n  indented  \n', 'lines')).toBe('  indented  ');
    expect(unwrapLayout('two\nlines  ', 'lines')).toBe('two\nlines');
    // The inline layout writes values as they are.
    expect(unwrapLayout('kept ', 'inline')).toBe('kept ');
  });
});

describe('decodeName', () => {
  it('decodes entities and trims', () => {
    expect(decodeName('  get&#95;weather \n')).toBe('get_weather');
  });
});
