// The README stays a short front page with pictures of the product as a user has it: under 250 lines, its quick start
// done within the first 60, every picture it or docs/ shows present, and every picture the README shows one the README
// tour takes (test/e2e/readmeTour.e2e.test.ts, listed in readmeTour.shots.json): a picture from anywhere else, with
// its test artefacts, fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const lines = readme.split('\n');
const tourShots = (JSON.parse(readFileSync(join(root, 'test/e2e/readmeTour.shots.json'), 'utf8')) as { images: string[] }).images;

/** The local pictures a Markdown file shows (![alt](path) and <img src>), as paths relative to the repository root. */
function images(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const targets = [...text.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g), ...text.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  return targets.filter((t) => !/^[a-z]+:/i.test(t)).map((t) => join(dirname(file), t.split('#')[0]!));
}

describe('the README', () => {
  it('is under 250 lines', () => {
    expect(lines.length).toBeLessThan(250);
  });

  it('has its quick start, the numbered steps, end within its first 60 lines', () => {
    const start = lines.findIndex((l) => /^##\s+Quick start/i.test(l));
    expect(start, 'a "Quick start" section').toBeGreaterThanOrEqual(0);
    const next = lines.findIndex((l, i) => i > start && /^##\s/.test(l));
    const section = lines.slice(start, next < 0 ? undefined : next);
    const steps = section.map((l, i) => ({ l, i: start + i })).filter(({ l }) => /^\d+\.\s/.test(l));
    expect(
      steps.map(({ l }) => Number(l.match(/^(\d+)/)![1])),
      'numbered 1, 2, 3…',
    ).toEqual(steps.map((_, i) => i + 1));
    expect(steps.length, 'numbered steps').toBeGreaterThanOrEqual(3);
    // The last step ends at the first line after it that is not its continuation (indented).
    const last = steps.at(-1)!.i;
    let end = last;
    while (end + 1 < lines.length && /^\s+\S/.test(lines[end + 1]!)) end++;
    expect(end + 1, 'the line the last step ends on').toBeLessThanOrEqual(60);
  });

  const docs = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  it.each(docs)('%s shows only pictures that exist', (file) => {
    expect(images(file).filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it('shows only pictures the README tour takes, and the side bar chat at 290 px', () => {
    const shown = images('README.md');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((p) => !(dirname(p) === 'media/screenshots' && tourShots.includes(p.slice('media/screenshots/'.length))))).toEqual([]);
    expect(
      shown.some((p) => /-290-/.test(p)),
      'a picture of the 290 px side bar',
    ).toBe(true);
  });
});
