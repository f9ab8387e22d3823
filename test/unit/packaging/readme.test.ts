// The README stays a short front page with pictures of the product as a user has it: under 250 lines, its quick start
// done within the first 60, the bench's figures in docs/performance.md, every picture it or docs/ shows present, and
// every picture it or docs/ shows one the README tour takes (test/e2e/readmeTour.e2e.test.ts, listed in
// readmeTour.shots.json): a picture from anywhere else, with its test artefacts, fails here, and so does a picture in
// media/screenshots/ that no doc shows (a stale one).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const lines = readme.split('\n');
const tourShots = (JSON.parse(readFileSync(join(root, 'test/e2e/readmeTour.shots.json'), 'utf8')) as { images: string[] }).images;

const SCREENSHOTS = 'media/screenshots/';
const screenshots = readdirSync(join(root, SCREENSHOTS)).filter((f) => !f.startsWith('.'));

// Pictures docs/ (never the README) may show that the tour does not take, each with what draws it.
const drawnElsewhere: Record<string, string> = { 'bench/chart.png': 'npm run bench' };

/** The local pictures Markdown `text` (the file `file`) shows (![alt](path) and <img src>), relative to the repository root. */
function imagesIn(file: string, text: string): string[] {
  const targets = [...text.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g), ...text.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  return targets.filter((t) => !/^[a-z]+:/i.test(t)).map((t) => join(dirname(file), t.split('#')[0]!));
}

/** The local pictures a Markdown file of the repository shows. */
function images(file: string): string[] {
  return imagesIn(file, readFileSync(join(root, file), 'utf8'));
}

/**
 * What is wrong between the docs' pictures, the tour's list and media/screenshots/: each picture a doc shows that the
 * README tour does not take (`tour`: its list; in docs/ a picture `drawnElsewhere` names is fine too), and each picture
 * in media/screenshots/ (`onDisk`) that no doc shows. `shown`: each doc's pictures, as images() gives them.
 */
function tourProblems(shown: Record<string, string[]>, tour: readonly string[], onDisk: readonly string[]): string[] {
  const taken = (p: string) => p.startsWith(SCREENSHOTS) && tour.includes(p.slice(SCREENSHOTS.length));
  const problems = Object.entries(shown).flatMap(([file, pictures]) =>
    pictures
      .filter((p) => !taken(p) && (file === 'README.md' || !(p in drawnElsewhere)))
      .map((p) => `${file} shows ${p}, which the README tour does not take (not in test/e2e/readmeTour.shots.json)`),
  );
  const everyShown = new Set(Object.values(shown).flat());
  return [
    ...problems,
    ...onDisk.filter((f) => !everyShown.has(SCREENSHOTS + f)).map((f) => `${SCREENSHOTS}${f} is shown by no doc (README.md, docs/): a stale picture`),
  ];
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

  it('leaves the bench to docs/performance.md: a link to it, no table of goals met and missed', () => {
    expect(readme).toContain('](docs/performance.md)');
    expect(lines.filter((l) => /^\|.*\b(missed|met|floor)\b/.test(l))).toEqual([]);
    const performance = readFileSync(join(root, 'docs/performance.md'), 'utf8');
    expect(performance, 'the figures a user feels, at a glance').toMatch(/^## At a glance\n[\s\S]*?^\| you notice \| ACP Chat \| floor \| goal \|$/m);
  });

  const docs = [
    'README.md',
    ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ].sort();
  it.each(docs)('%s shows only pictures that exist', (file) => {
    expect(images(file).filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it('and docs/ show only pictures the README tour takes, and media/screenshots/ holds no picture they do not show', () => {
    expect(tourProblems(Object.fromEntries(docs.map((f) => [f, images(f)])), tourShots, screenshots)).toEqual([]);
  });

  it('fails a doc that shows a picture the tour does not take, naming both, and a stale picture', () => {
    const madeUp = {
      'docs/made-up.md': imagesIn(
        'docs/made-up.md',
        '![A state the tour never reaches](../media/screenshots/unknown-dark.png)\n\n![Signed in](../media/screenshots/sign-in-dark.png)\n',
      ),
      'README.md': imagesIn('README.md', '![The bench chart](bench/chart.png)\n'),
    };
    expect(tourProblems(madeUp, ['sign-in-dark.png'], ['sign-in-dark.png', 'old-light.png'])).toEqual([
      'docs/made-up.md shows media/screenshots/unknown-dark.png, which the README tour does not take (not in test/e2e/readmeTour.shots.json)',
      'README.md shows bench/chart.png, which the README tour does not take (not in test/e2e/readmeTour.shots.json)',
      'media/screenshots/old-light.png is shown by no doc (README.md, docs/): a stale picture',
    ]);
  });

  it('shows the side bar chat at 290 px', () => {
    const shown = images('README.md');
    expect(shown.length).toBeGreaterThan(0);
    expect(
      shown.some((p) => /-290-/.test(p)),
      'a picture of the 290 px side bar',
    ).toBe(true);
  });
});
