import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:3340';
const path = process.env.P || '/sk/o-nas';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (let r = 0; r < Number(process.env.ROUNDS || 2); r++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((res) => cdp.once('Tracing.tracingComplete', res));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,toplevel,blink,v8,disabled-by-default-devtools.timeline,loading', transferMode: 'ReportEvents' });
  await page.goto(BASE + path, { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  await cdp.send('Tracing.end');
  await done;
  const runTasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask');
  const byThread = {};
  for (const e of runTasks) byThread[e.pid + ':' + e.tid] = (byThread[e.pid + ':' + e.tid] || 0) + e.dur;
  const thread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && runTasks.some((t) => t.pid === e.pid && t.tid === e.tid && t.dur > 5000));
  const mt = runTasks.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
  const t0 = Math.min(...mt.map((e) => e.ts));
  console.log('--- round', r);
  for (const task of mt.filter((e) => e.dur > 8000)) {
    const kids = events.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ph === 'X' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task && e.dur > 1500);
    console.log(`task ${(task.dur / 1000).toFixed(1)}ms @${((task.ts - t0) / 1000).toFixed(0)}:`, kids.map((k) => `${k.name}${k.args?.data?.url ? '(' + k.args.data.url.split('/').pop().slice(0, 20) + ')' : ''} ${(k.dur / 1000).toFixed(1)}`).join(', ').slice(0, 600));
  }
  await context.close();
}
await browser.close();
