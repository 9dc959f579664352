import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientOnly, useHydrated } from './client-only';

function Island() {
  return <p>{useHydrated() ? 'in the browser' : 'prerendered'}</p>;
}
const page = (
  <main>
    <h1>Contact us</h1>
    <ClientOnly placeholder={<p>Loading the form</p>}>
      <Island />
    </ClientOnly>
  </main>
);

let container: HTMLElement;
afterEach(() => container.remove());

/** The page as the prerender writes it, then hydrated as main.tsx does; the errors React reports. */
async function prerenderThenHydrate() {
  container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  const prerendered = container.innerHTML;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) });
  });
  return { prerendered, errors };
}

describe('ClientOnly', () => {
  it('prerenders the placeholder, hydrates it without a mismatch, then renders its part', async () => {
    const { prerendered, errors } = await prerenderThenHydrate();
    expect(prerendered).toContain('Loading the form');
    expect(prerendered).not.toContain('prerendered');
    expect(errors).toEqual([]);
    expect(await screen.findByText('in the browser')).toBeInTheDocument();
    expect(screen.queryByText('Loading the form')).not.toBeInTheDocument();
  });
});
