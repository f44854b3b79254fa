// Hostile inputs against the one sanitising Markdown renderer (src/components/markdown.tsx,
// reused for workout descriptions on the public site and the admin preview).
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/components/markdown';

const renderMd = (md: string) => render(<Markdown>{md}</Markdown>).container;

/** No element carries an on* attribute, and no address uses a scheme outside the allowed list. */
function assertInert(container: HTMLElement) {
  for (const el of container.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      expect(attr.name.toLowerCase().startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'background'].includes(attr.name.toLowerCase())) {
        const value = attr.value.trim().toLowerCase();
        // Browsers drop control characters inside a URL scheme, so the check does too.
        // eslint-disable-next-line no-control-regex
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(value.replace(/[\u0000-\u001f\s]/g, ''))?.[1];
        if (scheme) expect(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'], `${el.tagName} ${attr.name}=${attr.value}`).toContain(scheme);
      }
    }
  }
  for (const tag of ['script', 'iframe', 'object', 'embed', 'style', 'link', 'meta', 'base', 'form', 'frame', 'frameset', 'svg', 'math', 'template']) {
    expect(container.querySelector(tag), tag).toBeNull();
  }
}

const hostile: [string, string][] = [
  ['script tag', '<script>alert(1)</script>'],
  ['script tag inside markdown', '# Title\n\n<script src="https://evil.example/x.js"></script>\n\ntext'],
  ['uppercase script', '<SCRIPT>alert(1)</SCRIPT>'],
  ['javascript: link', '[click](javascript:alert(1))'],
  ['javascript: link, mixed case', '[click](JaVaScRiPt:alert(1))'],
  ['javascript: reference link', '[click][x]\n\n[x]: javascript:alert(1)'],
  ['javascript: autolink', '<javascript:alert(1)>'],
  ['data: link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['data: image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['vbscript: link', '[click](vbscript:msgbox(1))'],
  ['raw a with javascript:', '<a href="javascript:alert(1)">x</a>'],
  ['raw a with entity-encoded javascript:', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['raw a with tab in scheme', '<a href="java\tscript:alert(1)">x</a>'],
  ['raw a with data:', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
  ['raw img with onerror', '<img src="x" onerror="alert(1)">'],
  ['raw img with data: src', '<img src="data:image/png;base64,AAAA">'],
  ['onclick attribute', '<div onclick="alert(1)">hi</div>'],
  ['onmouseover on a link', '<a href="https://ok.example" onmouseover="alert(1)">ok</a>'],
  ['raw iframe', '<iframe src="https://evil.example"></iframe>'],
  ['iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object and embed', '<object data="evil.swf"></object><embed src="evil.swf">'],
  ['svg with onload', '<svg onload="alert(1)"><circle r="1"/></svg>'],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  ['style tag and attribute', '<style>body{display:none}</style><p style="background:url(javascript:alert(1))">x</p>'],
  ['form with formaction', '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base tag', '<base href="javascript:alert(1)//">'],
  ['math with link', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>'],
  ['unclosed tag soup', '<img src=x onerror=alert(1)//'],
  ['html in a table cell', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
];

describe('Markdown sanitiser against hostile inputs', () => {
  it.each(hostile)('%s', (_name, md) => {
    const container = renderMd(md);
    assertInert(container);
    expect(container.innerHTML).not.toMatch(/<script|<iframe|<object|<embed|<svg/i);
  });

  it('empties links with other schemes and keeps relative ones', () => {
    const container = renderMd('[a](javascript:alert(1)) [b](data:text/html,x) [c](./rel) [d](#top) [e](https://x.org) [f](xmpp:a@b.c) [g](ircs://irc.x)');
    // The sanitiser drops a disallowed address (no href at all): an empty address either way.
    // An in-page link points at the prefixed id the sanitiser gives every element.
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs).toEqual(['', '', './rel', '#user-content-top', 'https://x.org', 'xmpp:a@b.c', 'ircs://irc.x']);
  });

  it('empties image sources with other schemes', () => {
    const container = renderMd('![a](data:image/png;base64,AAAA) ![b](https://x.org/i.png) ![c](img/local.png)');
    const srcs = [...container.querySelectorAll('img')].map((i) => i.getAttribute('src') ?? '');
    expect(srcs).toEqual(['', 'https://x.org/i.png', 'img/local.png']);
  });

  it('keeps the allowed Markdown: tables, lists, code, blockquotes, strikethrough, task lists, footnotes', () => {
    const md = [
      '| Move | Reps |',
      '|---|---|',
      '| Thrusters | 21 |',
      '',
      '1. first',
      '2. second',
      '',
      '- [x] warm up',
      '- [ ] cool down',
      '',
      '`inline` and',
      '',
      '```',
      'block',
      '```',
      '',
      '> quoted',
      '',
      '~~gone~~',
      '',
      'Note[^1]',
      '',
      '[^1]: The footnote.',
    ].join('\n');
    const c = renderMd(md);
    expect(c.querySelector('table td')?.textContent).toBe('Thrusters');
    expect(c.querySelector('ol li')).not.toBeNull();
    expect(c.querySelectorAll('input[type="checkbox"]')).toHaveLength(2);
    expect(c.querySelector('pre code')?.textContent).toContain('block');
    expect(c.querySelector('blockquote')?.textContent).toContain('quoted');
    expect(c.querySelector('del')?.textContent).toBe('gone');
    expect(c.querySelector('sup a')?.getAttribute('href')).toMatch(/^#user-content-fn-1$/);
    expect(c.querySelector('section[data-footnotes]')?.textContent).toContain('The footnote.');
    assertInert(c);
  });

  it('keeps harmless raw HTML but drops the dangerous parts of it', () => {
    const c = renderMd('<details><summary>More</summary><b onclick="x()">bold</b></details>');
    expect(c.querySelector('b')?.textContent).toBe('bold');
    expect(c.querySelector('b')?.getAttribute('onclick')).toBeNull();
  });
});
