// An accessibility scan with axe-core, for any page of the game (the start screen, a game, the
// tutorial …): the page runs under a strict CSP, so axe's source is evaluated through the
// DevTools protocol (page.evaluate), which the CSP does not govern.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/// Runs axe on `page` (optionally only inside the CSS selector `include`) and returns its
/// violations of impact `serious` or `critical`, each as `id: help (targets)`, for an assertion
/// message. `label` names the scan in that message.
export async function seriousViolations(page, { include, label = '' } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (include) => {
    const result = await window.axe.run(include ? { include: [include] } : document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  }, include ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label ? label + ': ' : ''}${v.id} (${v.impact}): ${v.help} [${v.targets.join('; ')}]`);
}
