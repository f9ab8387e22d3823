#!/usr/bin/env node
// Renders media/icon.svg to the marketplace icon media/icon.png (128×128) with the test bed's Chromium.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const media = join(dirname(fileURLToPath(import.meta.url)), '..', 'media');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
await page.setContent(`<body style="margin:0">${readFileSync(join(media, 'icon.svg'), 'utf8')}</body>`);
await page.locator('svg').screenshot({ path: join(media, 'icon.png'), omitBackground: true });
await browser.close();
