import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe finds nothing serious or critical on the page (or inside `include`, a CSS selector). A failure
 * names each rule with up to three of the elements it found. `afterToasts`: checked once every toast is
 * gone — one fading in or out is measured half transparent, a contrast failure that is not there.
 */
export async function noSeriousViolations(page: Page, options: { include?: string; afterToasts?: boolean } = {}) {
  if (options.afterToasts) await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const builder = new AxeBuilder({ page });
  const result = await (options.include ? builder.include(options.include) : builder).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
}
