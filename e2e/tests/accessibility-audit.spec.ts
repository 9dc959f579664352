import { expect, test } from '../support/test';

// Pages made up here (page.route), each with one known violation: the audit's own journeys.
const probe = (main: string) =>
  `<!doctype html><html lang="en"><head><title>Probe</title></head><body><main>${main}</main></body></html>`;
const paleText = probe('<h1>Probe</h1><p class="pale" style="color: #bbb">Pale text</p>');

test('a page is audited once an assertion on it passes, once per path, client-side routes too', async ({
  page,
  accessibilityAudit,
}) => {
  await page.route('**/a11y-probe/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: paleText }),
  );
  await page.goto('/a11y-probe/contrast');
  // Loaded, but no assertion on it yet: not audited.
  expect(accessibilityAudit.takeFindings()).toEqual([]);

  await expect(page.getByRole('heading', { name: 'Probe' })).toBeVisible();
  const [contrast, ...others] = accessibilityAudit.takeFindings();
  expect(others).toEqual([]);
  expect(contrast).toContain('/a11y-probe/contrast  color-contrast');
  expect(contrast).toContain(' p: Element has insufficient color contrast of 1.91');

  // The same path again: not audited twice.
  await expect(page.locator('.pale')).toHaveText('Pale text');
  expect(accessibilityAudit.takeFindings()).toEqual([]);

  // A client-side route change is a page of its own: an input without a label.
  await page.evaluate(() => {
    history.pushState(null, '', '/a11y-probe/form');
    document.querySelector('main')!.innerHTML = '<h1>Form</h1><input type="text">';
  });
  await expect(page.getByRole('heading', { name: 'Form' })).toBeVisible();
  const findings = accessibilityAudit.takeFindings().join('\n');
  expect(findings).toContain('/a11y-probe/form  label: Form elements must have labels');
  expect(findings).not.toContain('color-contrast');
});

test('at the end of a journey its open pages are audited, asserted on or not', async ({
  page,
  accessibilityAudit,
}) => {
  await page.route('**/a11y-probe/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: paleText }),
  );
  await page.goto('/a11y-probe/contrast');
  expect(accessibilityAudit.takeFindings()).toEqual([]);
  // What the fixture does once the journey's body is over, before it fails the journey on any finding.
  await accessibilityAudit.auditOpenPages();
  expect(accessibilityAudit.takeFindings().join('\n')).toContain('/a11y-probe/contrast  color-contrast');
});
