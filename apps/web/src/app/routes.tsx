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
const howToUsePage = lazyPage(() => import('@/pages/how-to-use-page'));
const aboutPage = lazyPage(() => import('@/pages/about-page'));
const privacyPolicyPage = lazyPage(() => import('@/pages/privacy-policy-page'));
const termsOfUsePage = lazyPage(() => import('@/pages/terms-of-use-page'));
const refundPolicyPage = lazyPage(() => import('@/pages/refund-policy-page'));
const contactUsPage = lazyPage(() => import('@/pages/contact-us-page'));
const socialCallbackPage = lazyPage(() => import('@/pages/social-callback-page'));
const androidLoginPage = lazyPage(() => import('@/pages/android-login-page'));
const forgotPasswordPage = lazyPage(() => import('@/pages/forgot-password-page'));
const resetPasswordPage = lazyPage(() => import('@/pages/reset-password-page'));

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
