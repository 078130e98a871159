import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const [,, url, width, out, ...rest] = process.argv;
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url);
await page.waitForTimeout(800);
const ys = rest.length ? rest.map(Number) : [0];
let i = 0;
for (const y of ys) { await page.evaluate((y) => window.scrollTo(0, y), y); await page.waitForTimeout(300); await page.screenshot({ path: `${out}-${i++}.png` }); }
await browser.close();
