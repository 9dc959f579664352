import { AdminText } from '@retouch/shared/texts';
import { matchPath } from 'react-router';
import { AdminShellText } from '../texts';
import { ADMIN_HOME_ITEM, ADMIN_MENU_ITEMS } from './menu-items';

/** Characters of an order's id in crumbs and titles: a UUID's first group tells orders apart on a screen. */
const SHORT_ID_LENGTH = 8;

/** One step of the breadcrumb. */
export interface Crumb {
  label: string;
  /** The record the page shows (an order): its id, shortened to read, whole to hover. */
  record?: { id: string; shortId: string };
  /** Where the crumb leads; none for the page shown. */
  path?: string;
}

/** Where a back-office page sits: its breadcrumb and its document title. */
export interface PageTrail {
  crumbs: Crumb[];
  title: string;
}

/** A crumb as one line of text: the label, then the record's short id. */
export const crumbText = ({ label, record }: Crumb) => (record ? `${label} ${record.shortId}` : label);

const homeCrumb: Crumb = { label: ADMIN_HOME_ITEM.label, path: ADMIN_HOME_ITEM.path };

/**
 * The trail of the back-office page at `pathname`, from the menu rows: Главная, then the row's screen,
 * then the record of a child route (an order's details); the title names the last. A page no row knows
 * gets Главная alone, as a link back, and the not-found title.
 */
export function pageTrail(pathname: string): PageTrail {
  const crumbs = crumbsTo(pathname);
  const shown = crumbs.at(-1);
  if (!shown) return { crumbs: [homeCrumb], title: AdminShellText.documentTitle(AdminText.pageNotFound) };
  return { crumbs, title: AdminShellText.documentTitle(crumbText(shown)) };
}

/** The crumbs down to the page at `pathname`, the last one not a link; none when no menu row knows it. */
function crumbsTo(pathname: string): Crumb[] {
  for (const item of ADMIN_MENU_ITEMS) {
    if (matchPath(item.path, pathname)) {
      return item === ADMIN_HOME_ITEM ? [{ label: item.label }] : [homeCrumb, { label: item.label }];
    }
    for (const child of item.childRoutes ?? []) {
      const id = matchPath(child.path, pathname)?.params.id;
      if (id) {
        const record = { id, shortId: id.slice(0, SHORT_ID_LENGTH) };
        return [homeCrumb, { label: item.label, path: item.path }, { label: child.label, record }];
      }
    }
  }
  return [];
}
