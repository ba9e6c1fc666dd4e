import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:3340';
const variants = {
  tailwind: null,
  short: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif',
  systemui: 'system-ui, sans-serif',
};
const pages = (process.env.PAGES || '/sk/podujatia,/sk/o-nas,/sk/podujatia/dunaj-bratislava-fc-kosice').split(',');
const rounds = Number(process.env.ROUNDS || 5);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const results = {};
for (let r = 0; r < rounds; r++) {
  for (const [name, stack] of Object.entries(variants)) {
    for (const path of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const page = await context.newPage();
      if (stack) await page.route('**/*.css', async (route) => {
        const res = await route.fetch();
        let body = await res.text();
        body = body.replace(/--font-sans:[^;]*;/, `--font-sans:${stack};`).replace(/font-family:var\(--default-font-family,[^)]*\)/, `font-family:var(--default-font-family,${stack})`);
        await route.fulfill({ response: res, body });
      });
      const cdp = await context.newCDPSession(page);
      const events = [];
      cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
      const done = new Promise((res) => cdp.once('Tracing.tracingComplete', res));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,toplevel,blink,fonts,mojom,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
      await page.goto(BASE + path, { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      const font = await page.evaluate(() => getComputedStyle(document.querySelector('h1')).fontFamily.slice(0, 30));
      await cdp.send('DOM.enable'); await cdp.send('CSS.enable');
      const doc = await cdp.send('DOM.getDocument');
      const h1 = await cdp.send('DOM.querySelector', { nodeId: doc.root.nodeId, selector: 'h1' });
      const pf = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: h1.nodeId });
      await cdp.send('Tracing.end');
      await done;
      const renderer = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames?.[0]?.processId;
      const main = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === renderer);
      const tid = (() => { const c = {}; for (const e of main) c[e.tid] = (c[e.tid] || 0) + e.dur; return Object.entries(c).sort((a, b) => b[1] - a[1])[0]?.[0]; })();
      const mt = main.filter((e) => String(e.tid) === tid);
      const layouts = events.filter((e) => e.name === 'Layout' && e.pid === renderer && e.ph === 'X');
      const fontIpc = events.filter((e) => /MatchFamilyName|GetWebFontRenderStyle|FallbackFont|MatchFontByPostScript/i.test(e.name) && e.pid === renderer);
      const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === renderer);
      const nav = events.find((e) => e.name === 'navigationStart' && e.pid === renderer);
      const long = mt.filter((e) => e.dur > 10000).map((e) => Math.round(e.dur / 1000));
      const key = `${path} ${name}`;
      (results[key] ??= []).push({ layoutMs: layouts.reduce((s, e) => s + e.dur, 0) / 1000, firstLayoutMs: (layouts[0]?.dur ?? 0) / 1000, fontIpc: fontIpc.length, fcp: paint && nav ? (paint.ts - nav.ts) / 1000 : null, longSum: long.reduce((a, b) => a + b, 0), font: pf.fonts.map((f) => f.familyName).join('+') });
      await context.close();
    }
  }
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
for (const [key, rs] of Object.entries(results)) {
  console.log(key.padEnd(60), 'layout', med(rs.map((r) => r.layoutMs)).toFixed(1), 'first', med(rs.map((r) => r.firstLayoutMs)).toFixed(1), 'fontIpc', med(rs.map((r) => r.fontIpc)), 'fcp', med(rs.map((r) => r.fcp ?? 0)).toFixed(0), 'long>10ms sum', med(rs.map((r) => r.longSum)), rs[0].font);
}
await browser.close();
