// Inside or not is decided on the path's text: a name that starts with two dots is inside, `..` climbs out.
import * as nodePath from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside } from '../../../src/acpClient/pathInside';

describe('isInside', () => {
  it.each([
    ['/ws', '/ws', true],
    ['/ws', '/ws/a/b', true],
    ['/ws', '/ws/..x', true],
    ['/ws', '/ws/..x/y', true],
    ['/ws', '/ws/...', true],
    ['/ws', '/ws/..', false],
    ['/ws', '/other', false],
    ['/ws', '/ws2', false],
    ['/ws', '/', false],
  ])('%s holds %s: %s (POSIX)', (root, child, inside) => {
    expect(isInside(root, child, nodePath.posix)).toBe(inside);
  });

  it.each([
    ['C:\\ws', 'C:\\ws\\..x', true],
    ['C:\\ws', 'C:\\ws\\..\\x', false],
    ['C:\\ws', 'D:\\ws', false],
  ])('%s holds %s: %s (Windows)', (root, child, inside) => {
    expect(isInside(root, child, nodePath.win32)).toBe(inside);
  });
});
