import type { AdminGroup, AdminOption, AdminService, Degree, OptionTemplate } from '@retouch/shared/catalog';
import type { CabinetSnapshot } from '@retouch/shared/dispatch';
import { ALL_PERMISSION_SIGNS } from '@retouch/shared/permissions';
import { screen, within } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { CatalogEditorText } from '@/features/catalog-editor/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/** `GET /api/executor/state` off shift, no order in hand: what the designer cabinet reads on connecting. */
const OFF_SHIFT_CABINET: CabinetSnapshot = {
  shift: { startDate: null },
  order: null,
  extensionOffer: false,
  holderGraceSeconds: 60,
};

let sequence = 0;
/** A fresh uuid-shaped id (the shared schemas check degree ids as uuids). */
function anId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${sequence.toString().padStart(12, '0')}`;
}

export function aDegree(overrides: Partial<Degree> = {}): Degree {
  return { _id: anId(), title: { admin: 'Слабо', user: 'Light' }, default: false, ...overrides };
}

export function anOption(overrides: Partial<AdminOption> = {}): AdminOption {
  const id = anId();
  return {
    _id: id,
    title: { admin: 'Серьги', user: 'Earrings' },
    description: { admin: 'Добавить серьги', user: 'Add earrings' },
    instruction: 'Подобрать к платью',
    cost: 2,
    designerPrice: 1,
    executionTime: 5,
    status: true,
    picture: `/api/files/catalog/${id}.webp`,
    pictureThumb: `/api/files/catalog/${id}-thumb.webp`,
    pictureBefore: `/api/files/catalog/${id}-before.webp`,
    pictureAfter: `/api/files/catalog/${id}-after.webp`,
    ...overrides,
  };
}

export function aService(overrides: Partial<AdminService> = {}): AdminService {
  const option = anOption();
  return {
    ...option,
    title: { admin: 'Ретушь кожи', user: 'Skin retouch' },
    description: { admin: 'Убрать дефекты кожи', user: 'Remove skin blemishes' },
    instruction: 'Сохранить текстуру кожи',
    cost: 10,
    designerPrice: 4,
    executionTime: 30,
    embedInCanvas: false,
    allowMessage: true,
    allowAdditionalImage: false,
    multi: false,
    multiDegree: true,
    degreeAction: [],
    optional: [],
    ...overrides,
  };
}

export function aGroup(overrides: Partial<AdminGroup> = {}): AdminGroup {
  return { _id: anId(), title: { admin: 'Лицо', user: 'Face' }, status: true, list: [], ...overrides };
}

export function aTemplate(overrides: Partial<OptionTemplate> = {}): OptionTemplate {
  return {
    _id: anId(),
    title: { admin: 'Макияж', user: 'Make-up' },
    description: { admin: 'Лёгкий макияж', user: 'Light make-up' },
    instruction: 'Естественные тона',
    cost: 3,
    designerPrice: 2,
    executionTime: 10,
    ...overrides,
  };
}

export function anImage(name: string): File {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });

export interface CatalogSetup {
  groups?: AdminGroup[];
  degrees?: Degree[];
  templates?: OptionTemplate[];
  answers?: Parameters<typeof mockFetch>[0];
}

/** Opens /admin/slider as an admin with every permission, once the catalogue has loaded. */
export async function openCatalog({
  groups = [],
  degrees = [],
  templates = [],
  answers = {},
}: CatalogSetup = {}) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: true })) },
    'GET /api/executor/state': { body: OFF_SHIFT_CABINET },
    'GET /api/admin/services': { body: groups },
    'GET /api/admin/services/degree': { body: degrees },
    'GET /api/admin/services/optional-template': { body: templates },
    ...answers,
  });
  // For speed: no pause between keystrokes, and no computed-style walk before each click.
  const view = renderApp('/admin/slider', {
    userEventOptions: { delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never },
  });
  // The first test of a file also waits for the lazy screen to be compiled.
  await screen.findByRole('heading', { name: CatalogEditorText.title });
  return { ...view, ...api };
}

/**
 * The dialog opened last, checked by its title. Every antd dialog is labelled by the same id in tests
 * (rc-util's useId answers "test-id"), so nested dialogs cannot be told apart by their names.
 */
export function topDialog(title: string) {
  const dialogs = screen.getAllByRole('dialog');
  const top = within(dialogs[dialogs.length - 1]!);
  top.getByText(title);
  return top;
}
