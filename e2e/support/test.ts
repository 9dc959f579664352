import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect as baseExpect,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';

/** WCAG 2.1 level AA, as axe-core tags its rules (docs/decisions/0045-accessibility-checks.md). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The local OpenID Connect provider standing in for Google (global-setup.ts): not our page. */
const oauthOrigin = `http://127.0.0.1:${process.env.E2E_OAUTH_PORT}`;

/** The page's path when it is one of ours, the key it is audited under once per journey. */
function auditedPath(url: string): string | undefined {
  const parsed = new URL(url);
  if (!parsed.protocol.startsWith('http') || parsed.origin === oauthOrigin) return undefined;
  return parsed.pathname;
}

/** The message of an audit cut short by the page leaving (a navigation or a closed page). */
const pageLeft = /context was destroyed|frame was detached|has been closed|Target closed|navigat/i;

/**
 * The axe-core audits of one journey. Every main-frame navigation of every page of the journey (its own
 * contexts included) is recorded; a page is audited, once per path, at points where the journey waits on
 * it and does nothing else: right after an assertion on one of its elements has passed (the state the
 * journey itself said the page must reach), and at the journey's end. Nothing waits on time.
 */
class JourneyAudits {
  private readonly visited = new Set<string>();
  private readonly audited = new Set<string>();
  private readonly watchedContexts = new WeakSet<BrowserContext>();
  private readonly pages = new Set<Page>();
  private readonly findings: string[] = [];

  watchContext(context: BrowserContext) {
    if (this.watchedContexts.has(context)) return;
    this.watchedContexts.add(context);
    context.pages().forEach((page) => this.watchPage(page));
    context.on('page', (page) => this.watchPage(page));
  }

  private watchPage(page: Page) {
    this.pages.add(page);
    page.on('close', () => this.pages.delete(page));
    page.on('framenavigated', (frame) => {
      const path = frame === page.mainFrame() ? auditedPath(frame.url()) : undefined;
      if (path) this.visited.add(path);
    });
  }

  /** Audits `page`, one of the journey's watched pages, when its path has not been audited in it yet. */
  async audit(page: Page) {
    if (!this.pages.has(page) || page.isClosed()) return;
    const url = page.url();
    const path = auditedPath(url);
    if (!path || this.audited.has(path)) return;
    this.audited.add(path);
    try {
      // Legacy mode runs axe in the page itself: the default mode finishes the run in a blank page that it
      // opens in the journey's own context.
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
      // The page moved on while axe read it (a redirect of its own): the results mix two pages.
      if (page.url() !== url) throw new Error('page navigated during the audit');
      for (const violation of results.violations) {
        const targets = violation.nodes.map((node) => {
          const why = [...node.any, ...node.all, ...node.none][0]?.message;
          return `      ${node.target.join(' ')}${why ? `: ${why}` : ''}`;
        });
        this.findings.push(`  ${path}  ${violation.id}: ${violation.help}\n${targets.join('\n')}`);
      }
    } catch (error) {
      if (!(error instanceof Error) || !pageLeft.test(error.message)) throw error;
      // Audited again at the next point where the journey waits on it.
      this.audited.delete(path);
    }
  }

  /** The violations found so far, which then no longer fail the journey (the fixture's own test). */
  takeFindings() {
    return this.findings.splice(0);
  }

  /** The journey's end point: every page still open, asserted on or not. */
  async auditOpenPages() {
    for (const page of this.pages) await this.audit(page);
  }

  /** At the journey's end: the pages still open, then the verdict. */
  async finish(testInfo: TestInfo) {
    await this.auditOpenPages();
    const unaudited = [...this.visited].filter((path) => !this.audited.has(path));
    if (unaudited.length > 0) {
      testInfo.annotations.push({ type: 'a11y-unaudited', description: unaudited.join(' ') });
    }
    if (this.findings.length > 0) {
      throw new Error(
        `Accessibility violations (axe-core, ${WCAG_TAGS.join(', ')}):\n${this.findings.join('\n')}`,
      );
    }
  }
}

/** The running journey's audits (a worker runs one journey at a time). */
let current: JourneyAudits | undefined;

/** What a journey can ask of its audits. */
interface AccessibilityAudit {
  takeFindings(): string[];
  auditOpenPages(): Promise<void>;
}

export const test = base.extend<{ accessibilityAudit: AccessibilityAudit }>({
  accessibilityAudit: [
    async ({ browser, context, javaScriptEnabled }, use, testInfo) => {
      const audits = new JourneyAudits();
      const watch = (created: BrowserContext) => audits.watchContext(created);
      // axe is a script: a page with JavaScript off cannot run it. The journeys read the same pages with
      // it on (the prerendered pages are hydrated and audited in prerender.spec.ts and phone-layout.spec.ts).
      if (javaScriptEnabled !== false) watch(context);
      browser.on('context', watch);
      current = audits;
      try {
        await use({
          takeFindings: () => audits.takeFindings(),
          auditOpenPages: () => audits.auditOpenPages(),
        });
      } finally {
        current = undefined;
        browser.off('context', watch);
      }
      // A journey that failed already is not audited on top.
      if (testInfo.status === 'passed') await audits.finish(testInfo);
    },
    { auto: true },
  ],
});

function isLocator(subject: unknown): subject is Locator {
  return (
    typeof subject === 'object' &&
    subject !== null &&
    typeof (subject as Locator).page === 'function' &&
    typeof (subject as Locator).evaluateAll === 'function'
  );
}

/** The matchers of `expect(locator)`, each passed assertion followed by the audit of the locator's page. */
function auditingMatchers<T extends object>(matchers: T, page: Page): T {
  return new Proxy(matchers, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'not') return auditingMatchers(value as object, page);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value, target, args);
        if (!(result instanceof Promise)) return result;
        return result.then(async (passed: unknown) => {
          await current?.audit(page);
          return passed;
        });
      };
    },
  });
}

/**
 * Playwright's `expect`: an assertion on an element that passes is where the journey says its page has
 * settled, so that page is audited there (once per path). Assertions on values and on the page itself
 * (its URL, set before the route's code has loaded) are not.
 */
export const expect = new Proxy(baseExpect, {
  apply(target, thisArg, args: unknown[]) {
    const matchers: unknown = Reflect.apply(target, thisArg, args);
    const subject = args[0];
    return isLocator(subject) ? auditingMatchers(matchers as object, subject.page()) : matchers;
  },
});
