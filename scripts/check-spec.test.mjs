// scripts/check-spec.mjs (`npm run check:spec`): a text the specification quotes and the product lacks fails
// the check, named with its line; an excepted one passes; comments, tests and fixtures do not count.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  alternativesOf,
  checkSpec,
  exceptedTexts,
  fixedParts,
  isUserText,
  quotedTexts,
} from './check-spec.mjs';

const script = fileURLToPath(new URL('./check-spec.mjs', import.meta.url));
/** @type {string[]} */
const folders = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const SPEC = `# Specification

- **Tip cell**: a 'Leave a tip' button; the order moves to the route '/history'.
- Timer expiry: 'Time is up'.
`;

/**
 * A small repository: the documents, exceptions.md and product files, by path under the folder.
 * @param {Record<string, string>} files @returns {Promise<string>}
 */
async function tree(files) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'retouch-check-spec-'));
  folders.push(root);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}

/** @param {string} root @returns {Promise<{ code: number | null, output: string }>} */
async function runCheck(root) {
  const child = spawn(process.execPath, [script, '--root', root], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  return { code, output };
}

const missingTexts = async (/** @type {string} */ root) =>
  (await checkSpec(root)).missing.map(({ text }) => text);

describe('scripts/check-spec.mjs', () => {
  it('fails on a quoted text found nowhere in the product, naming its document and line', async () => {
    const root = await tree({
      'docs/spec/customer-side.md': SPEC,
      'apps/web/src/features/history/texts.ts': "export const HistoryText = { leaveTip: 'Leave a tip' };\n",
    });
    const { code, output } = await runCheck(root);
    expect(code).toBe(1);
    expect(output).toContain("docs/spec/customer-side.md:4  'Time is up'");
    expect(output).not.toContain("'Leave a tip'");
  });

  it('passes when exceptions.md excepts the missing text', async () => {
    const root = await tree({
      'docs/spec/customer-side.md': SPEC,
      'docs/spec/exceptions.md': '# Exceptions\n\n```excepted-texts\nTime is up\n```\n',
      'packages/shared/src/orders.ts': "export const leaveTip = 'Leave a tip';\n",
    });
    const { code, output } = await runCheck(root);
    expect(code).toBe(0);
    expect(output).toContain('all 1 texts');
  });

  it('does not count a text written in a comment, a test file, a test folder or a fixture', async () => {
    const root = await tree({
      'docs/spec/customer-side.md': SPEC,
      'apps/web/src/timer.tsx':
        "// Says 'Time is up' (customer side section 8).\nexport const tip = 'Leave a tip';\n",
      'apps/web/src/timer.test.tsx': "expect(screen.getByText('Time is up'));\n",
      'apps/web/src/test/fixtures.ts': "export const text = 'Time is up';\n",
      'apps/server/src/orders.fixtures.ts': "export const text = 'Time is up';\n",
    });
    expect(await missingTexts(root)).toEqual(['Time is up']);
  });

  it('finds texts in JSX, in template literals with a placeholder and in double-quoted strings', async () => {
    const root = await tree({
      'docs/spec/customer-side.md': `${SPEC}- Persons are named 'Person N'.\n- Moderator: 'The designer refused the order for reason: ...'.\n`,
      'apps/web/src/tip.tsx':
        'export const Tip = () => (\n  <Button>\n    Leave a\n    tip\n  </Button>\n);\n',
      'apps/web/src/person.ts': 'export const personName = (n: number) => `Person ${n}`;\n',
      'apps/server/src/review.ts':
        'export const refused = (reason: string) => `The designer refused the order for reason: ${reason}`;\n' +
        'export const timeUp = "Time is up";\n',
    });
    expect(await missingTexts(root)).toEqual([]);
  });

  it('needs a whole word: a text is not found inside a longer one', async () => {
    const root = await tree({
      'docs/spec/back-office.md': "Role title 'User' is an ordinary customer.\n",
      'apps/server/src/users.ts': "export const label = 'Username';\n",
    });
    expect(await missingTexts(root)).toEqual(['User']);
  });

  it('checks each alternative of a slashed word as a text of its own', async () => {
    const root = await tree({
      'docs/spec/back-office.md': "- Successes: 'Роль успешно изменена/удалена'.\n",
      'packages/shared/src/roles.ts': "export const RoleText = { changed: 'Роль успешно изменена' };\n",
    });
    expect(await missingTexts(root)).toEqual(['Роль успешно удалена']);
  });
});

describe('what counts as a quoted user text', () => {
  it('takes \'…\', "…" and «…», an apostrophe between letters staying inside the text', () => {
    const markdown =
      "line one\nconfirm must equal new ('Passwords don't match'), the customer's \"Send\" and «Заказ получен».";
    expect(quotedTexts(markdown, 'spec.md')).toEqual([
      { text: "Passwords don't match", file: 'spec.md', line: 2 },
      { text: 'Send', file: 'spec.md', line: 2 },
      { text: 'Заказ получен', file: 'spec.md', line: 2 },
    ]);
  });

  it('leaves out routes, fields, identifiers and names starting in lower case, by rule', () => {
    for (const text of [
      '/history',
      'https://example.com',
      'refuseReason.title.user',
      'accessToken',
      'merchant_id',
    ])
      expect(isUserText(text), text).toBe(false);
    for (const text of ['photo', 'change orders', 'confirmation pending', 'something went wrong', '5'])
      expect(isUserText(text), text).toBe(false);
    for (const text of [
      'User',
      'Success',
      'Добавлено',
      'Time is up',
      'Your image size must be less than 2000x2000',
    ])
      expect(isUserText(text), text).toBe(true);
  });

  it('splits alternatives and placeholders, keeping an ellipsis that ends a word', () => {
    expect(alternativesOf('Слайдер успешно удалён/обновлён')).toEqual([
      'Слайдер успешно удалён',
      'Слайдер успешно обновлён',
    ]);
    expect(fixedParts('The designer refused the order for reason: ...')).toEqual([
      'The designer refused the order for reason:',
    ]);
    expect(fixedParts('Person N')).toEqual(['Person']);
    expect(fixedParts('Что-то пошло не так...')).toEqual(['Что-то пошло не так...']);
  });

  it("reads exceptions.md's excepted-texts block only", () => {
    const markdown = '# E\n\n```text\nNot this\n```\n\n```excepted-texts\nTime is up\n\nTime left\n```\n';
    expect([...exceptedTexts(markdown)]).toEqual(['Time is up', 'Time left']);
  });
});
