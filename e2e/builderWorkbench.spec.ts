/**
 * The builders' workbench (issue 18) in a real browser, on the static Storybook build (`npm run build-storybook`;
 * CI builds it before the e2e run; without it these tests are skipped). The story frame is served by a static
 * server of this spec (not the reference server): the form-schema playground, opened empty-handed in a fresh
 * browser context each time (no draft kept from another test).
 *
 * Behaviour only; the timings are measured by `npm run bench:builder`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import LZString from 'lz-string';
import { generateBigForm } from '../fixtures/forms/generateBigForm';
import vs from '../fixtures/forms/schemas/VS.json' with { type: 'json' };
import en from '../src/i18n/app/en.json' with { type: 'json' };
import zh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { ROOT, serveStatic } from '../bench/support/pageBench';

const OUT = join(ROOT, 'storybook-static');
const STORY = 'ecrf-form-schema-playground--playground';
const built = existsSync(join(OUT, 'iframe.html'));
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

test.skip(!built, 'needs the static Storybook build (npm run build-storybook)');

let site: { url: string; close(): Promise<void> } | null = null;
test.beforeAll(async () => {
  if (built) site = await serveStatic(OUT);
});
test.afterAll(async () => {
  await site?.close();
});

/** The story frame, optionally with a schema in the share fragment; waits for the preview. */
async function openWorkbench(page: Page, text?: string) {
  const hash = text === undefined ? '' : `#wb=${LZString.compressToEncodedURIComponent(text)}`;
  await page.goto(`${site!.url}iframe.html?id=${STORY}&viewMode=story${hash}`);
  await expect(page.getByTestId('builder-editor-schema').locator('.cm-content')).toBeVisible();
}

/** Replaces the editor's whole text as a paste would. */
async function replaceText(page: Page, text: string) {
  await page.getByTestId('builder-editor-schema').locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

const problems = (page: Page) => page.getByTestId('builder-problems-schema');

/** The vital signs schema with `item` added at the end of its first section. */
function vsWith(item: Record<string, unknown>) {
  const [first, ...rest] = vs.sections;
  return { ...vs, sections: [{ ...first!, items: [...first!.items, item] }, ...rest] };
}

test('an unknown code list is reported at its place, and clicking the problem moves the cursor there', async ({
  page,
}) => {
  await openWorkbench(page);
  await expect(page.getByTestId('ecrf-row-SYSBP')).toBeVisible();
  await expect(problems(page)).toHaveText(zh['builder.noIssues']);
  await replaceText(
    page,
    pretty(vsWith({ variable: 'VSARM', label: 'Arm', fieldtype: 'select', codelisttype: 'ARMS' })),
  );
  const entry = problems(page).getByTestId('builder-problem');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('ARMS');
  await expect(entry).toContainText(zh['form.unknownCodeList'].split('“')[0]!);

  // the cursor is at the end of the pasted text; a click on the problem selects "ARMS" (scrolled into view), and
  // the marker underlines it
  await entry.click();
  await expect(page.locator('.cm-lintRange-error')).toHaveText('"ARMS"');
  const caretLine = await page.evaluate(
    () => document.getSelection()?.focusNode?.parentElement?.closest('.cm-line')?.textContent ?? '',
  );
  expect(caretLine).toContain('"codelisttype": "ARMS"');
  // typing replaces the selection: the cursor really is there
  await page.keyboard.type('"ARM"');
  await expect(page.locator('.cm-line', { hasText: '"codelisttype"' }).last()).toContainText(
    '"codelisttype": "ARM"',
  );
});

test('a JSON error puts a marker on the line where the JSON stops, and the preview stays', async ({
  page,
}) => {
  await openWorkbench(page);
  await expect(page.getByTestId('ecrf-row-SYSBP')).toBeVisible();
  const text = pretty(vs);
  // drop the comma after the first `"variable": "SYSBP"`: the JSON stops at the next line's key
  const at = text.indexOf('"variable": "SYSBP"') + '"variable": "SYSBP"'.length;
  expect(text[at]).toBe(',');
  const broken = text.slice(0, at) + text.slice(at + 1);
  const nextKey = broken.indexOf('"', at);
  const line = broken.slice(0, nextKey).split('\n').length;
  await replaceText(page, broken);
  const entry = problems(page).getByTestId('builder-problem');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`第 ${line} 行`);
  // the underline sits on that line (the key after the missing comma), scrolled to by the problem's entry
  await entry.click();
  const marked = page.locator('.cm-line', { has: page.locator('.cm-lintRange-error') });
  await expect(marked).toHaveCount(1);
  const markedText = (await marked.textContent()) ?? '';
  expect(broken.split('\n')[line - 1]).toBe(markedText);
  await expect(page.getByTestId('playground-stale')).toBeVisible();
  await expect(page.getByTestId('ecrf-row-SYSBP')).toBeVisible();
});

test('an edit survives a language switch', async ({ page }) => {
  await openWorkbench(page);
  await replaceText(page, pretty(vsWith({ variable: 'KEEPME', label: '保留我', fieldtype: 'text' })));
  await expect(page.getByTestId('ecrf-row-KEEPME')).toBeVisible();
  // Storybook's locale toolbar: the story is rendered again in English (the decorator remounts it)
  await page.evaluate(() => {
    const channel = (
      globalThis as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(e: string, a: unknown): void } }
    ).__STORYBOOK_ADDONS_CHANNEL__;
    channel.emit('updateGlobals', { globals: { locale: 'en' } });
  });
  await expect(page.getByRole('tab', { name: 'Preview' })).toBeVisible();
  await expect(page.getByTestId('ecrf-row-KEEPME')).toBeVisible();
  await expect(page.getByTestId('builder-source')).toHaveText(en['builder.fromDraft']);
});

test('a share link opens the same schema in another browser', async ({ page, browser }) => {
  await openWorkbench(page);
  await replaceText(page, pretty(vsWith({ variable: 'SHARED', label: '分享的项', fieldtype: 'text' })));
  await expect(page.getByTestId('ecrf-row-SHARED')).toBeVisible();
  await page.getByRole('button', { name: zh['builder.share'] }).click();
  const link = await page.getByTestId('builder-share-link').inputValue();
  expect(link).toContain('#wb=');

  const other = await browser.newContext();
  try {
    const colleague = await other.newPage();
    await colleague.goto(link);
    await expect(colleague.getByTestId('ecrf-row-SHARED')).toBeVisible();
    await expect(colleague.getByTestId('builder-source')).toHaveText(zh['builder.fromLink']);
  } finally {
    await other.close();
  }
});

test('the picker opens a fixture, a local file opens, and the edited schema downloads', async ({ page }) => {
  await openWorkbench(page);
  await expect(page.getByTestId('ecrf-row-SYSBP')).toBeVisible();

  // the picker: the demographics form
  await page.getByTestId('builder-pick').selectOption('DM');
  await expect(page.getByTestId('ecrf-row-SYSBP')).toHaveCount(0);
  await expect(page.locator('.cm-content')).toContainText('"tid": "DM"');

  // a local file
  const fromFile = {
    ...vsWith({ variable: 'FROMFILE', label: '来自文件', fieldtype: 'text' }),
    tid: 'VSLOCAL',
  };
  await page.getByTestId('builder-file').setInputFiles({
    name: 'local-schema.json',
    mimeType: 'application/json',
    buffer: Buffer.from(pretty(fromFile)),
  });
  await expect(page.getByTestId('ecrf-row-FROMFILE')).toBeVisible();
  await expect(page.getByTestId('builder-pick')).toHaveValue('');

  // download: the editor's text, named after the schema's tid
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: zh['builder.download'] }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('VSLOCAL.json');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const downloaded = JSON.parse(await readFile(path, 'utf8')) as typeof fromFile;
  expect(downloaded.tid).toBe('VSLOCAL');
  expect(downloaded.sections[0]!.items.at(-1)).toMatchObject({ variable: 'FROMFILE' });
});

test('a 300-item schema stays responsive while typing', async ({ page }) => {
  await openWorkbench(page, pretty(generateBigForm(300)));
  await expect(page.locator('[data-testid="ecrf-form"][data-mounted="all"]')).toBeAttached();
  // the caret inside the first item's label (line 21: `"zh_CN": "第 1 项（文本）",`)
  const line = page.getByTestId('builder-editor-schema').locator('.cm-line').nth(20);
  await expect(line).toContainText('第 1 项');
  await line.click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  // typed without waiting: every key lands in the editor in order, none lost to a check
  await page.keyboard.type('TYPED12345', { delay: 20 });
  await expect(line).toContainText('第 1 项（文本）TYPED12345');
  // and the preview follows once the builder pauses
  await expect(page.getByTestId('ecrf-row-B0001')).toContainText('TYPED12345');
  await expect(problems(page)).toHaveText(zh['builder.noIssues']);
});
