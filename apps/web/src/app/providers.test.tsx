import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

function PayButton({ loading }: { loading: boolean }) {
  return (
    <AppProviders queryClient={new QueryClient()}>
      <Button loading={loading}>Pay</Button>
    </AppProviders>
  );
}

describe('app providers', () => {
  // Ant Design's own loading icon leaves with a width transition; when the loading ends before the
  // transition could run, it stayed in the button, which screen readers then named "loading Pay".
  it('gives a button its plain name back as soon as its loading ends', () => {
    const { rerender } = render(<PayButton loading={false} />);
    rerender(<PayButton loading />);
    expect(screen.getByRole('button')).toHaveAccessibleName(/loading/);
    rerender(<PayButton loading={false} />);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });
});
