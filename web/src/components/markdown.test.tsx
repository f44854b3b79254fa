import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('renders GFM tables and task lists', () => {
    const { container } = render(<Markdown>{'| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~'}</Markdown>);
    expect(container.querySelector('table')).not.toBeNull();
    expect(container.querySelector('input[type="checkbox"]')).not.toBeNull();
    expect(container.querySelector('del')).not.toBeNull();
  });

  it('keeps allowed raw HTML and strips scripts', () => {
    const { container } = render(<Markdown>{'<b>bold</b><script>alert(1)</script>'}</Markdown>);
    expect(container.querySelector('b')?.textContent).toBe('bold');
    expect(container.querySelector('script')).toBeNull();
  });

  it('allows only the listed URL schemes and relative addresses', () => {
    const { container } = render(
      <Markdown>{'[a](https://x.org) [b](javascript:alert(1)) [c](/rel) [d](mailto:a@b.c) [e](ftp://x)'}</Markdown>,
    );
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs).toEqual(['https://x.org', '', '/rel', 'mailto:a@b.c', '']);
  });

  it('makes footnote links and their back links land on the footnote and the reference', () => {
    const { container } = render(<Markdown>{'Text[^1] and [intro](#intro).\n\n[^1]: The note.'}</Markdown>);
    const ref = container.querySelector('a[data-footnote-ref]');
    const target = ref && container.querySelector(ref.getAttribute('href') ?? '#none');
    expect(target?.tagName).toBe('LI');
    expect(target?.textContent).toContain('The note.');
    const back = container.querySelector('a[data-footnote-backref]');
    expect(container.querySelector(back?.getAttribute('href') ?? '#none')).toBe(ref);
    expect(container.querySelector('a[href="#user-content-intro"]')?.textContent).toBe('intro');
  });
});
