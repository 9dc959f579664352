import { BREAKPOINTS } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { MenuOutlined } from '@ant-design/icons';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useMediaQuery } from '@/lib/use-media-query';
import { lazyWithAntd } from './antd-loader';
import './app-header.css';

const NavDrawer = lazyWithAntd(() => import('./nav-drawer'));

export interface NavItem {
  to: string;
  label: string;
}

interface AppHeaderProps {
  navItems: readonly NavItem[];
  /** The right-hand block; `vertical` is true inside the mobile drawer. */
  renderActions: (vertical: boolean) => ReactNode;
}

/**
 * The customer site's header; at the mobile breakpoint it folds into a burger and a drawer. Plain HTML
 * with CSS deciding the fold, so the prerendered page folds before any script runs; once running, the
 * hidden half is not rendered at all.
 */
export function AppHeader({ navItems, renderActions }: AppHeaderProps) {
  const { pathname } = useLocation();
  const compact = useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`);
  // The drawer belongs to the page it was opened on, so navigating closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  // Loaded at the first opening, then kept so that it can animate its closing.
  const [drawerWanted, setDrawerWanted] = useState(false);

  const nav = (vertical: boolean) => (
    <nav
      aria-label="Main"
      className={vertical ? 'app-header__nav app-header__nav--vertical' : 'app-header__nav'}
    >
      {navItems.map((item) => (
        <NavLink key={item.to} to={item.to} end onClick={() => setDrawerPath(null)}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );

  return (
    <header className="app-header">
      <div className="app-header__bar">
        <div className="app-header__start">
          <Link to="/" className="app-header__logo">
            Retouch
          </Link>
          {!compact && <div className="app-header__wide">{nav(false)}</div>}
        </div>
        {!compact && <div className="app-header__wide">{renderActions(false)}</div>}
        <button
          type="button"
          className="button button--text button--icon app-header__burger"
          aria-label={CustomerText.openMenu}
          onClick={() => {
            setDrawerWanted(true);
            setDrawerPath(pathname);
          }}
        >
          <MenuOutlined aria-hidden />
        </button>
      </div>
      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerPath === pathname} onClose={() => setDrawerPath(null)}>
            {nav(true)}
            {renderActions(true)}
          </NavDrawer>
        </Suspense>
      )}
    </header>
  );
}
