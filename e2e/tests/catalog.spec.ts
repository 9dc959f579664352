import { solidPng } from '../support/images';
import { admin } from '../support/staff';
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { CatalogNotice } from '@retouch/shared/catalog';
import { CustomerText } from '@retouch/shared/texts';

// Accessible names of /admin/slider (the catalogue editor's own wording, not in the shared package).
const Slider = {
  addGroup: 'Добавить группу',
  newGroup: 'Новая группа',
  addService: 'Добавить услугу',
  newService: 'Новая услуга',
  add: 'Добавить',
  nameRu: 'Название (RU)',
  nameEn: 'Название (EN)',
  descriptionRu: 'Описание (RU)',
  descriptionEn: 'Описание (EN)',
  instruction: 'Инструкция для дизайнера',
  cost: 'Стоимость, токенов',
  designerPrice: 'Оплата дизайнеру, токенов',
  executionTime: 'Время выполнения, мин',
  status: 'Статус',
  mainImage: 'Основное изображение',
  beforeImage: 'Изображение «до»',
  afterImage: 'Изображение «после»',
  serviceStatus: (title: string) => `Статус «${title}»`,
};

// Accessible names of /portfolio (apps/web/src/features/portfolio/texts.ts).
const Portfolio = {
  carousel: (group: string) => `Services: ${group}`,
  before: 'Before',
  after: 'After',
  compare: 'Before and after: use the arrow keys to move the divider',
  empty: 'No services yet',
};

/** Waits until the page is at `pathname`. */
async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(CustomerText.emailOrUsername).fill(email);
  await page.getByLabel(CustomerText.password, { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: CustomerText.login }).click();
}

/** Flips a service's status switch in the admin table and waits for the server to take it. */
async function setServiceStatus(page: Page, title: string, on: boolean) {
  const toggle = page.getByRole('switch', { name: Slider.serviceStatus(title) });
  await expect(toggle).toHaveAttribute('aria-checked', String(!on));
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().includes('/api/admin/services/list/'),
  );
  await toggle.click();
  expect((await saved).ok()).toBe(true);
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}

test('a service the admin switches on appears in the portfolio, and goes when switched off', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const group = { ru: `Группа ${tag}`, en: `Group ${tag}` };
  const service = { ru: `Услуга ${tag}`, en: `Service ${tag}` };

  // The admin is sent through the login to the catalogue.
  await page.goto('/admin/slider');
  await expectPath(page, '/login');
  await logIn(page, admin.email, admin.password);
  await expectPath(page, '/admin/slider');

  // A new active group.
  await page.getByRole('button', { name: Slider.addGroup }).click();
  const groupDialog = page.getByRole('dialog', { name: Slider.newGroup });
  await groupDialog.getByLabel(Slider.nameRu, { exact: true }).fill(group.ru);
  await groupDialog.getByLabel(Slider.nameEn, { exact: true }).fill(group.en);
  const groupStatus = groupDialog.getByRole('switch', { name: Slider.status });
  await groupStatus.click();
  await expect(groupStatus).toHaveAttribute('aria-checked', 'true');
  await groupDialog.getByRole('button', { name: Slider.add, exact: true }).click();
  await expect(groupDialog).toBeHidden();
  await page.getByRole('tab', { name: group.ru }).click();

  // A service in it, with its three pictures; it starts switched off.
  await page.getByRole('button', { name: Slider.addService }).click();
  const serviceDialog = page.getByRole('dialog', { name: Slider.newService });
  await serviceDialog.getByLabel(Slider.nameRu, { exact: true }).fill(service.ru);
  await serviceDialog.getByLabel(Slider.nameEn, { exact: true }).fill(service.en);
  await serviceDialog.getByLabel(Slider.descriptionRu, { exact: true }).fill('Ровный тон кожи');
  await serviceDialog.getByLabel(Slider.descriptionEn, { exact: true }).fill('An even skin tone');
  await serviceDialog
    .getByLabel(Slider.instruction, { exact: true })
    .fill('Выровнять тон, сохранить текстуру');
  await serviceDialog.getByLabel(Slider.cost, { exact: true }).fill('4');
  await serviceDialog.getByLabel(Slider.designerPrice, { exact: true }).fill('2');
  await serviceDialog.getByLabel(Slider.executionTime, { exact: true }).fill('15');
  const pictures = [
    [Slider.mainImage, 'main.png', [40, 120, 200]],
    [Slider.beforeImage, 'before.png', [200, 80, 40]],
    [Slider.afterImage, 'after.png', [60, 180, 90]],
  ] as const;
  for (const [label, name, rgb] of pictures) {
    await serviceDialog
      .getByLabel(label, { exact: true })
      .setInputFiles({ name, mimeType: 'image/png', buffer: await solidPng(64, rgb) });
  }
  await serviceDialog.getByRole('button', { name: Slider.add, exact: true }).click();
  await expect(page.getByText(CatalogNotice.slideAdded)).toBeVisible();
  await expect(serviceDialog).toBeHidden();
  await setServiceStatus(page, service.ru, true);

  // A logged-out visitor finds it in the portfolio, with its before/after comparison.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/portfolio');
  await expect(visitor).toHaveTitle('Portfolio – Retouch');
  await visitor.getByRole('tab', { name: group.en }).click();
  const slide = visitor.getByLabel(Portfolio.carousel(group.en)).getByRole('button', { name: service.en });
  await expect(slide).toBeVisible();
  await slide.click();
  const details = visitor.getByRole('region', { name: service.en });
  await expect(details.getByRole('heading', { name: service.en })).toBeVisible();
  await expect(details.getByText('An even skin tone')).toBeVisible();
  for (const name of [Portfolio.before, Portfolio.after]) {
    const picture = details.getByRole('img', { name, exact: true });
    await expect(picture).toBeVisible();
    // The picture the server stored is really served.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  const divider = details.getByRole('slider', { name: Portfolio.compare });
  await divider.focus();
  await visitor.keyboard.press('ArrowRight');
  await expect(divider).toHaveAttribute('aria-valuenow', '55');

  // Switched off, it is gone from the portfolio (and so is its group, which has nothing else to show).
  await setServiceStatus(page, service.ru, false);
  await visitor.reload();
  // Whatever else the catalogue holds, the page has answered.
  await expect(visitor.getByRole('tab').first().or(visitor.getByText(Portfolio.empty))).toBeVisible();
  await expect(visitor.getByRole('tab', { name: group.en })).toHaveCount(0);
  await expect(visitor.getByText(service.en)).toHaveCount(0);
  await visitorContext.close();
});
