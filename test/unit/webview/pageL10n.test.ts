// The page words its text through its own l10n.t: English with its arguments put in when no translation came, the
// host's bundle (VS Code's `l10n.bundle`, put in the HTML) when one did, and nothing broken by a bundle that is not one.
import { afterEach, describe, expect, it } from 'vitest';
import { l10n, useBundle } from '../../../src/webview/page/l10n';
import { buildChatHtml } from '../../../src/webview/host/html';

afterEach(() => useBundle('{}'));

describe("the page's l10n.t", () => {
  it('gives the English message with its {0}-style or named arguments put in', () => {
    expect(l10n.t('Show all ({0} lines)', 12)).toBe('Show all (12 lines)');
    expect(l10n.t('{who} allowed {0}', { who: 'You', 0: 'it' })).toBe('You allowed it');
    expect(l10n.t('Keeps {0} as is', undefined as unknown as string)).toBe('Keeps {0} as is');
    expect(l10n.t({ message: 'Keep', comment: 'a button' })).toBe('Keep');
  });

  it("takes the bundle the host put in the HTML: a message's translation, and the comment's key form", () => {
    const html = buildChatHtml({
      cspSource: 'vscode-resource:',
      nonce: 'abcdefghijklmnopqrstuvwxyz012345',
      scriptUri: 's',
      styleUri: 't',
      codiconUri: 'c',
      l10nBundle: { 'Show all ({0} lines)': 'Alle anzeigen ({0} Zeilen)', 'Keep/a button': { message: 'Behalten', comment: ['a button'] } },
      lang: 'de',
    });
    const attribute = /data-l10n="([^"]*)"/u.exec(html)?.[1];
    expect(attribute).toBeDefined();
    expect(html).toContain('<html lang="de">');
    // What the page's dataset gives: the attribute's text with its entities read back.
    useBundle(
      attribute!
        .replace(/&quot;/gu, '"')
        .replace(/&lt;/gu, '<')
        .replace(/&gt;/gu, '>')
        .replace(/&amp;/gu, '&'),
    );
    expect(l10n.t('Show all ({0} lines)', 3)).toBe('Alle anzeigen (3 Zeilen)');
    expect(l10n.t({ message: 'Keep', comment: 'a button' })).toBe('Behalten');
    expect(l10n.t('Undo')).toBe('Undo');
  });

  it('keeps the English for a bundle that is not one: bad JSON, an array, values that are not text', () => {
    for (const bad of ['{', '[]', 'null', '{"Undo": 3}', '{"Undo": {"comment": "x"}}']) {
      useBundle(bad);
      expect(l10n.t('Undo')).toBe('Undo');
    }
  });

  it('puts no bundle in the HTML in English, and escapes one so it cannot close the attribute', () => {
    const base = { cspSource: 'vscode-resource:', nonce: 'abcdefghijklmnopqrstuvwxyz012345', scriptUri: 's', styleUri: 't', codiconUri: 'c' };
    expect(buildChatHtml(base)).not.toContain('data-l10n');
    expect(buildChatHtml(base)).toContain('<html lang="en">');
    const html = buildChatHtml({ ...base, l10nBundle: { Undo: '"><script>alert(1)</script>' } });
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/gu)).toHaveLength(1);
  });
});
