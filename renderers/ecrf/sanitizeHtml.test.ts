import { describe, expect, it } from 'vitest';
import { sanitizeLabelHtml } from './sanitizeHtml';

describe('sanitizeLabelHtml (labels with labelFormat html)', () => {
  it('keeps formatting tags', () => {
    const html =
      '<p><b>Bold</b> <i>it</i> <u>u</u> <em>em</em> <strong>s</strong><br>x<sup>2</sup>H<sub>2</sub>O</p><ul><li>a</li></ul><ol><li>b</li></ol>';
    expect(sanitizeLabelHtml(html)).toBe(html);
  });

  it('removes scripts and event attributes, keeping the text', () => {
    expect(sanitizeLabelHtml('Age<script>alert(1)</script>')).toBe('Age');
    expect(sanitizeLabelHtml('<img src=x onerror="alert(1)">Weight')).toBe('Weight');
    expect(sanitizeLabelHtml('<b onclick="alert(1)" onmouseover="x()">Sex</b>')).toBe('<b>Sex</b>');
    expect(sanitizeLabelHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(sanitizeLabelHtml('<iframe src="https://evil.example"></iframe><form><input></form>Name')).toBe(
      'Name',
    );
    expect(sanitizeLabelHtml('<div style="position:fixed">Text</div>')).toBe('Text');
  });

  it('keeps only a colour on span, and only http(s) links (opened in a new tab)', () => {
    expect(sanitizeLabelHtml('<span style="color: red">Red</span>')).toBe(
      '<span style="color: red">Red</span>',
    );
    expect(sanitizeLabelHtml('<span style="color:#c00; background:url(x)">X</span>')).toBe('<span>X</span>');
    expect(sanitizeLabelHtml('<p style="color:red">P</p>')).toBe('<p>P</p>');
    expect(sanitizeLabelHtml('<a href="javascript:alert(1)">link</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer">link</a>',
    );
    expect(sanitizeLabelHtml('<a href="https://redcap.example/help">help</a>')).toBe(
      '<a href="https://redcap.example/help" target="_blank" rel="noopener noreferrer">help</a>',
    );
    expect(sanitizeLabelHtml('<a href="data:text/html,x">d</a>')).not.toContain('data:');
  });
});
