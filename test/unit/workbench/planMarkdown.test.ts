// The plan preview loads nothing the agent names: images and media-loading HTML become inert, code and links stay.
import { describe, expect, it } from 'vitest';
import { inertPlan } from '../../../src/workbench/planMarkdown';

describe('inertPlan', () => {
  it('turns images into text and drops HTML that loads media or styles', () => {
    const plan = [
      '# Plan',
      '![beacon](https://evil.example/pixel.png?u=me) and ![](https://evil.example/x.gif "t")',
      '![ref image][logo]',
      '[logo]: https://evil.example/logo.png',
      '<img src="https://evil.example/a.png"> <picture><source srcset="https://evil.example/b.webp"></picture>',
      '<div style="background:url(https://evil.example/c.png)">styled</div>',
      '<video poster="https://evil.example/p.jpg"></video><iframe src="https://evil.example"></iframe>',
    ].join('\n');
    const out = inertPlan(plan);
    expect(out).not.toMatch(/!\[/);
    expect(out).not.toMatch(/<(img|picture|source|video|iframe)\b/i);
    expect(out).not.toMatch(/style=/i);
    expect(out).toContain('[image: beacon]');
    expect(out).toContain('[image: ref image]');
    expect(out).toContain('styled');
  });

  it('leaves code, links and plain text exactly as they were', () => {
    const plan = ['1. Edit [the docs](https://example.com/docs)', '```html', '<img src="x.png">', '![kept](in-code.png)', '```', 'Run `![not an image](x)` then <b>go</b>.'].join('\n');
    expect(inertPlan(plan)).toBe(plan);
  });
});
