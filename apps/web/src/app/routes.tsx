import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyWithAntd } from '@/components/antd-loader';
import { PageSpinner } from '@/components/page-spinner';
import { LandingPage } from '@/pages/landing-page';
import { CustomerLayout } from './customer-layout';
import { RootLayout } from './root-layout';

type PageModule = Promise<{ default: ComponentType }>;

// Every page but the landing page is its own chunk, so the landing page stays light (decision 29).
// The public pages are plain HTML, prerendered (public-pages.ts); the others are built with Ant Design.
function publicPage(load: () => PageModule) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

function appPage(load: () => PageModule) {
  const Page = lazyWithAntd(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

const adminArea = appPage(() => import('@/pages/admin/admin-area'));
const loginPage = appPage(() => import('@/pages/login-page'));
const registerPage = appPage(() => import('@/pages/register-page'));
const confirmPage = appPage(() => import('@/pages/confirm-page'));
const profilePage = appPage(() => import('@/pages/profile-page'));
const portfolioPage = publicPage(() => import('@/pages/portfolio-page'));
const historyPage = appPage(() => import('@/pages/history-page'));
const corePage = appPage(() => import('@/pages/core-page'));
const howToUsePage = publicPage(() => import('@/pages/how-to-use-page'));
const aboutPage = publicPage(() => import('@/pages/about-page'));
const privacyPolicyPage = publicPage(() => import('@/pages/privacy-policy-page'));
const termsOfUsePage = publicPage(() => import('@/pages/terms-of-use-page'));
const refundPolicyPage = publicPage(() => import('@/pages/refund-policy-page'));
const contactUsPage = publicPage(() => import('@/pages/contact-us-page'));
const socialCallbackPage = appPage(() => import('@/pages/social-callback-page'));
const androidLoginPage = appPage(() => import('@/pages/android-login-page'));
const forgotPasswordPage = appPage(() => import('@/pages/forgot-password-page'));
const resetPasswordPage = appPage(() => import('@/pages/reset-password-page'));
const notFoundPage = appPage(() => import('@/pages/not-found-page'));

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
          { path: 'how-to-use', element: howToUsePage },
          { path: 'about', element: aboutPage },
          { path: 'privacy-policy', element: privacyPolicyPage },
          { path: 'terms-of-use', element: termsOfUsePage },
          { path: 'refund-policy', element: refundPolicyPage },
          { path: 'contact-us', element: contactUsPage },
          { path: 'login/google-type', element: socialCallbackPage },
          { path: 'login/facebook-type', element: socialCallbackPage },
          { path: 'login/github-type', element: socialCallbackPage },
          { path: 'login/android', element: androidLoginPage },
          { path: 'forgot-password', element: forgotPasswordPage },
          { path: 'reset-password', element: resetPasswordPage },
          { path: '*', element: notFoundPage },
        ],
      },
      {
        path: 'admin/*',
        element: adminArea,
      },
    ],
  },
];
