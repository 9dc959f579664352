import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { LandingPage } from '@/pages/landing-page';
import { NotFoundPage } from '@/pages/not-found-page';
import { CustomerLayout } from './customer-layout';
import { RootLayout } from './root-layout';

// Every page but the landing page is its own chunk, so the landing page stays light.
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

const adminArea = lazyPage(() => import('@/pages/admin/admin-area'));
const loginPage = lazyPage(() => import('@/pages/login-page'));
const registerPage = lazyPage(() => import('@/pages/register-page'));
const confirmPage = lazyPage(() => import('@/pages/confirm-page'));
const profilePage = lazyPage(() => import('@/pages/profile-page'));
const portfolioPage = lazyPage(() => import('@/pages/portfolio-page'));
const historyPage = lazyPage(() => import('@/pages/history-page'));
const corePage = lazyPage(() => import('@/pages/core-page'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <CustomerLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'login', element: loginPage },
          { path: 'register', element: registerPage },
          { path: 'confirm', element: confirmPage },
          { path: 'profile', element: profilePage },
          { path: 'portfolio', element: portfolioPage },
          { path: 'history', element: historyPage },
          { path: 'core', element: corePage },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'admin/*',
        element: adminArea,
      },
    ],
  },
];
